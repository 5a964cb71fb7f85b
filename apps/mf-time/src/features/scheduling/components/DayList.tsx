import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { ScheduleAssignmentDto, ScheduleEmployeeDto } from '@zunft/contracts';
import { formatDate } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { AssignmentChip } from './AssignmentChip';
import { dayMonth, employeeName, weekdayKey } from './scheduleHelpers';

interface Props {
  days: readonly string[];
  assignments: readonly ScheduleAssignmentDto[];
  today: string;
  /** Present on the office's phone list: names above the chips. */
  employees?: readonly ScheduleEmployeeDto[];
  onCreateOn?: (date: string) => void;
  onOpen?: (assignment: ScheduleAssignmentDto) => void;
}

/**
 * One card per day (phones, and the employee's own week): the day's assignments in the server's
 * order; the office gets a '+' per day and sees who is planned.
 */
export function DayList({ days, assignments, today, employees, onCreateOn, onOpen }: Props) {
  const t = useTimeT();
  const names = new Map((employees ?? []).map((e) => [e.id, employeeName(e)]));
  return (
    <Flex vertical gap={12}>
      {days.map((day) => {
        const list = assignments.filter((a) => a.work_date === day);
        return (
          <Card
            key={day}
            size="small"
            data-testid={`day-${day}`}
            title={
              <span>
                {t(`scheduling.weekdaysLong.${weekdayKey(day)}`)}, {dayMonth(day)}
                {day === today ? (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    {t('scheduling.today')}
                  </Tag>
                ) : null}
              </span>
            }
            extra={
              onCreateOn ? (
                <Button
                  icon={<PlusOutlined />}
                  aria-label={t('scheduling.addOn', { date: formatDate(day) })}
                  onClick={() => onCreateOn(day)}
                />
              ) : null
            }
          >
            {list.length === 0 ? (
              <Typography.Text type="secondary">{t('scheduling.noAssignmentsDay')}</Typography.Text>
            ) : (
              <Flex vertical gap={6}>
                {list.map((a) => (
                  <AssignmentChip
                    key={a.id}
                    assignment={a}
                    onOpen={onOpen}
                    employeeName={employees ? (names.get(a.user_id) ?? '') : undefined}
                  />
                ))}
              </Flex>
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
