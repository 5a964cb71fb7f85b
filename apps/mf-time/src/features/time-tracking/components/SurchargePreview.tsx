import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import { calculateSurcharges, workedMinutes, type SurchargeSettings } from '@zunft/contracts';
import { formatHours } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';

interface Props {
  start: Date | null;
  end: Date | null;
  breakMinutes: number;
  settings: SurchargeSettings;
}

/** Live panel of the manual entry: the surcharges the server will apply (same rule from contracts). */
export function SurchargePreview({ start, end, breakMinutes, settings }: Props) {
  const t = useTimeT();
  if (!start || !end || end <= start) return null;
  const s = calculateSurcharges(start, end, settings);
  const rows = [
    { key: 'night', label: t('timeTracking.manual.night'), value: s.night },
    { key: 'saturday', label: t('timeTracking.manual.saturday'), value: s.saturday },
    { key: 'sunday', label: t('timeTracking.manual.sunday'), value: s.sunday },
  ].filter((r) => r.value > 0);

  return (
    <Alert
      type={s.total > 0 ? 'warning' : 'info'}
      showIcon
      role="status"
      title={t('timeTracking.manual.surcharges')}
      description={
        <Flex vertical gap={6} data-testid="surcharge-preview">
          <Typography.Text>
            {t('timeTracking.manual.worked')}:{' '}
            <strong>{formatHours(workedMinutes(start, end, breakMinutes) / 60)}</strong>
          </Typography.Text>
          {!settings.auto_calculate_surcharges ? (
            <Typography.Text type="secondary">{t('timeTracking.manual.off')}</Typography.Text>
          ) : rows.length === 0 ? (
            <Typography.Text type="secondary">{t('timeTracking.manual.none')}</Typography.Text>
          ) : (
            <Descriptions size="small" column={1} colon={false}>
              {rows.map((r) => (
                <Descriptions.Item key={r.key} label={r.label}>
                  {r.value} %
                </Descriptions.Item>
              ))}
              <Descriptions.Item label={<strong>{t('timeTracking.manual.total')}</strong>}>
                <Tag color="orange" style={{ fontWeight: 600 }}>
                  +{s.total} %
                </Tag>
              </Descriptions.Item>
            </Descriptions>
          )}
        </Flex>
      }
    />
  );
}
