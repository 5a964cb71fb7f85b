import { WarningOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { TimeEntryDto, TimeEntryWorkingTimeFields, WorkingTimeWarningDto } from '@zunft/contracts';

/** The labour-law warnings the server found for an entry's day (issue 24); none from an older server. */
export function entryWarnings(entry: TimeEntryDto & Partial<TimeEntryWorkingTimeFields>): WorkingTimeWarningDto[] {
  return entry.warnings ?? [];
}

/** The warnings on the day of an entry (facts are recorded, not refused: the text says what to check). */
export function EntryWarnings({ entry }: { entry: TimeEntryDto }) {
  const warnings = entryWarnings(entry);
  if (warnings.length === 0) return null;
  return (
    <Flex vertical gap={2} style={{ fontSize: 12 }}>
      {warnings.map((w) => (
        <Typography.Text key={w.rule} type="warning" style={{ fontSize: 12 }}>
          <WarningOutlined aria-hidden /> {w.message}
        </Typography.Text>
      ))}
    </Flex>
  );
}
