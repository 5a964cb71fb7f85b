import { Flex, Tag } from 'antd';
import type { TimeEntryDto } from '@zunft/contracts';
import { useTimeT } from '../../../shared/i18n';

/**
 * An entry's surcharge as the office bills it. In the company's `precise` mode (issue 24) operations
 * sends the minutes that fall into each ArG window (night art. 17b, Sunday art. 19, holidays
 * art. 20a): those minutes are shown, as the report and the invoice bill them. Otherwise the whole
 * entry's percent (the company's start-day rule). Nothing without a surcharge.
 */
export function SurchargeTags({ entry, empty = null }: { entry: TimeEntryDto; empty?: React.ReactNode }) {
  const t = useTimeT();
  const windows = (
    [
      ['night', entry.night_minutes ?? 0],
      ['sunday', entry.sunday_minutes ?? 0],
      ['holiday', entry.holiday_minutes ?? 0],
    ] as const
  ).filter(([, minutes]) => minutes > 0);
  if (windows.length > 0) {
    return (
      <Flex wrap gap={4}>
        {windows.map(([kind, minutes]) => (
          <Tag key={kind} color="orange" style={{ marginInlineEnd: 0 }}>
            {t(`timeTracking.list.preciseMinutes.${kind}`, { minutes })}
          </Tag>
        ))}
      </Flex>
    );
  }
  if (entry.surcharge_total > 0) return <Tag color="orange">+{entry.surcharge_total} %</Tag>;
  return <>{empty}</>;
}
