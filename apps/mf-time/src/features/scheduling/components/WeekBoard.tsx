import type { CSSProperties } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import type { ScheduleAssignmentDto, ScheduleEmployeeDto } from '@zunft/contracts';
import { zunftColors } from '@zunft/ui-kit';
import { formatDate } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { AssignmentChip } from './AssignmentChip';
import { byCell, cellKey, dayMonth, employeeName, weekdayKey } from './scheduleHelpers';

interface Props {
  days: readonly string[];
  employees: readonly ScheduleEmployeeDto[];
  assignments: readonly ScheduleAssignmentDto[];
  today: string;
  /** Office only: plan in an empty spot of a cell, open a chip. */
  onCreate?: (userId: string, date: string) => void;
  onOpen?: (assignment: ScheduleAssignmentDto) => void;
}

const cell: CSSProperties = {
  border: `1px solid ${zunftColors.border}`,
  padding: 6,
  verticalAlign: 'top',
  minWidth: 130,
};

/** Desktop board of the office: employees (rows) × Monday…Sunday (columns). */
export function WeekBoard({ days, employees, assignments, today, onCreate, onOpen }: Props) {
  const t = useTimeT();
  const cells = byCell(assignments);
  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        data-testid="week-board"
        style={{ width: '100%', minWidth: 1080, borderCollapse: 'collapse', tableLayout: 'fixed' }}
      >
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, width: 180, textAlign: 'left', background: zunftColors.background }}>
              {t('scheduling.employee')}
            </th>
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                style={{
                  ...cell,
                  textAlign: 'left',
                  background: day === today ? zunftColors.primaryLight : zunftColors.background,
                }}
              >
                {t(`scheduling.weekdays.${weekdayKey(day)}`)} {dayMonth(day)}
                {day === today ? (
                  <Tag color="blue" style={{ marginLeft: 6 }}>
                    {t('scheduling.today')}
                  </Tag>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {employees.map((employee) => {
            const name = employeeName(employee);
            return (
              <tr key={employee.id} data-testid={`board-row-${employee.id}`}>
                <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 600 }}>
                  <Typography.Text strong>{name}</Typography.Text>
                  {employee.is_active ? null : (
                    <Tag style={{ marginLeft: 6 }} color="default">
                      {t('scheduling.inactive')}
                    </Tag>
                  )}
                </th>
                {days.map((day) => {
                  const list = cells.get(cellKey(employee.id, day)) ?? [];
                  return (
                    <td key={day} style={{ ...cell, background: day === today ? '#f7faff' : undefined }}>
                      <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
                        {list.map((a) => (
                          <AssignmentChip key={a.id} assignment={a} onOpen={onOpen} />
                        ))}
                        {onCreate && employee.is_active ? (
                          <button
                            type="button"
                            aria-label={t('scheduling.addFor', { name, date: formatDate(day) })}
                            onClick={() => onCreate(employee.id, day)}
                            style={{
                              minHeight: list.length ? 24 : 56,
                              border: `1px dashed ${zunftColors.border}`,
                              borderRadius: 8,
                              background: 'transparent',
                              color: zunftColors.muted,
                              cursor: 'pointer',
                            }}
                          >
                            <PlusOutlined />
                          </button>
                        ) : null}
                      </div>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
