import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import type { AbsenceDto, AbsenceStatus } from '@zunft/contracts';
import { formatDate, formatNumber } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';

const STATUS_COLORS: Record<AbsenceStatus, string> = { requested: 'gold', approved: 'green', rejected: 'red' };

interface Props {
  absences: readonly AbsenceDto[];
  /** The office's lists name the employee. */
  showEmployee: boolean;
  /** Admin and backoffice decide requests. */
  canDecide: boolean;
  canDelete: (absence: AbsenceDto) => boolean;
  approvingId: string | null;
  onApprove: (absence: AbsenceDto) => void;
  onReject: (absence: AbsenceDto) => void;
  onDelete: (absence: AbsenceDto) => Promise<void>;
  emptyText: string;
}

/** «12.11.2026 – 14.11.2026» or «12.11.2026 (Vormittag)». */
export function useAbsencePeriod() {
  const t = useTimeT();
  return (a: Pick<AbsenceDto, 'start_date' | 'end_date' | 'half_day'>) => {
    const days =
      a.start_date === a.end_date
        ? formatDate(a.start_date)
        : `${formatDate(a.start_date)} – ${formatDate(a.end_date)}`;
    return a.half_day ? `${days} · ${t(`workingTime.absences.halfDays.${a.half_day}`)}` : days;
  };
}

/** Absences as one list on phone and desktop: type, status, period, working days, actions. */
export function AbsenceList({
  absences,
  showEmployee,
  canDecide,
  canDelete,
  approvingId,
  onApprove,
  onReject,
  onDelete,
  emptyText,
}: Props) {
  const t = useTimeT();
  const period = useAbsencePeriod();
  if (absences.length === 0) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {absences.map((a) => {
        const decide = canDecide && a.status === 'requested';
        return (
          <li
            key={a.id}
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 8,
              alignItems: 'flex-start',
              justifyContent: 'space-between',
              padding: '12px 0',
              borderBottom: '1px solid #f0f0f0',
            }}
          >
            <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Flex gap={8} wrap="wrap" align="center">
                <Typography.Text strong>{t(`workingTime.absences.types.${a.type}`)}</Typography.Text>
                <Tag color={STATUS_COLORS[a.status]}>{t(`workingTime.absences.statuses.${a.status}`)}</Tag>
              </Flex>
              {showEmployee ? <span>{a.user_name}</span> : null}
              <span>
                {period(a)} ·{' '}
                {t('workingTime.absences.workingDays', { count: a.days, formatted: formatNumber(a.days) })}
              </span>
              {a.note ? <Typography.Text type="secondary">{a.note}</Typography.Text> : null}
              {a.status === 'rejected' && a.reject_reason ? (
                <Typography.Text type="danger">
                  {t('workingTime.absences.reason')}: {a.reject_reason}
                </Typography.Text>
              ) : null}
            </Flex>
            <Space wrap>
              {decide ? (
                <>
                  <Button
                    icon={<CheckOutlined />}
                    type="primary"
                    loading={approvingId === a.id}
                    onClick={() => onApprove(a)}
                  >
                    {t('workingTime.absences.approve')}
                  </Button>
                  <Button icon={<CloseOutlined />} danger onClick={() => onReject(a)}>
                    {t('workingTime.absences.reject')}
                  </Button>
                </>
              ) : null}
              {canDelete(a) ? (
                <DeleteButton question={t('workingTime.absences.deleteConfirm')} onConfirm={() => onDelete(a)} />
              ) : null}
            </Space>
          </li>
        );
      })}
    </ul>
  );
}
