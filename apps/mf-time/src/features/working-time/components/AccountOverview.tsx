import {
  CalendarOutlined,
  FieldTimeOutlined,
  RiseOutlined,
  ScheduleOutlined,
  SunOutlined,
  WarningOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Alert, Card, Col, Flex, Row, Typography } from 'antd';
import { ABSENCE_TYPES, type TimeAccountDto } from '@zunft/contracts';
import { StatCardGrid } from '@zunft/ui-kit';
import { formatDate, formatHours, formatNumber } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { WeekHoursChart } from './WeekHoursChart';
import { signedHours } from './workingTimeHelpers';

interface Props {
  account: TimeAccountDto;
  monthLabel: string;
}

/**
 * One employee's month: target, worked, overtime and carried balance, absences, holiday taken and
 * left, hours per week and the labour-law warnings (ArG) of the month.
 */
export function AccountOverview({ account, monthLabel }: Props) {
  const t = useTimeT();
  const days = (count: number) => t('workingTime.days', { count, formatted: formatNumber(count) });
  const byType = ABSENCE_TYPES.filter((type) => (account.absences_by_type[type] ?? 0) > 0);
  const overtimeColor = account.overtime_hours < 0 ? '#cf1322' : '#389e0d';
  const balanceColor = account.balance_hours < 0 ? '#cf1322' : '#389e0d';

  return (
    <>
      <StatCardGrid
        cards={[
          {
            title: t('workingTime.account.target'),
            value: formatHours(account.target_hours),
            icon: <ScheduleOutlined />,
          },
          {
            title: t('workingTime.account.worked'),
            value: formatHours(account.worked_hours),
            icon: <FieldTimeOutlined />,
          },
          {
            title: t('workingTime.account.overtime'),
            value: signedHours(account.overtime_hours, formatHours),
            icon: <RiseOutlined />,
            color: overtimeColor,
          },
          {
            title: t('workingTime.account.balance'),
            value: signedHours(account.balance_hours, formatHours),
            icon: <WalletOutlined />,
            color: balanceColor,
          },
          {
            title: t('workingTime.account.absences'),
            value: formatHours(account.absence_hours),
            icon: <CalendarOutlined />,
          },
          {
            title: t('workingTime.account.holidayTaken'),
            value: days(account.holiday_days_taken),
            icon: <SunOutlined />,
            color: '#d48806',
          },
          {
            title: t('workingTime.account.holidayLeft'),
            value: days(account.holiday_days_left),
            icon: <SunOutlined />,
            color: '#d48806',
          },
          {
            title: t('workingTime.warnings.title'),
            value: account.warnings.length,
            icon: <WarningOutlined />,
            color: account.warnings.length > 0 ? '#cf1322' : '#389e0d',
          },
        ]}
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={14}>
          <Card title={t('workingTime.chart.title')} style={{ height: '100%' }}>
            <WeekHoursChart weeks={account.weeks} monthLabel={monthLabel} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('workingTime.account.absencesByType')} style={{ height: '100%' }}>
            {byType.length === 0 ? (
              <Typography.Text type="secondary">{t('workingTime.account.noAbsences')}</Typography.Text>
            ) : (
              <Flex vertical gap={4} role="list">
                {byType.map((type) => (
                  <Flex key={type} justify="space-between" gap={8} role="listitem">
                    <span>{t(`workingTime.absences.types.${type}`)}</span>
                    <strong>{days(account.absences_by_type[type] ?? 0)}</strong>
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
        </Col>
      </Row>
      <Card
        title={
          <Flex gap={8} align="center">
            <WarningOutlined />
            {t('workingTime.warnings.title')}
          </Flex>
        }
        style={{ marginBottom: 16 }}
      >
        {account.warnings.length === 0 ? (
          <Typography.Text type="secondary">{t('workingTime.warnings.none')}</Typography.Text>
        ) : (
          <Flex vertical gap={8}>
            {account.warnings.map((w) => (
              <Alert
                key={`${w.date}-${w.rule}`}
                type="warning"
                showIcon
                title={`${formatDate(w.date)}: ${w.message}`}
              />
            ))}
          </Flex>
        )}
      </Card>
    </>
  );
}
