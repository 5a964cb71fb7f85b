import { Col, Row } from 'antd';
import { RECEIVABLE_AGE_BUCKETS } from '@zunft/contracts';
import { formatCHF, formatHours, useSession } from '@zunft/web-common';
import { useShellT } from '../../../i18n/shell-i18n';
import { BarChart } from './BarChart';
import { hoursSeries, useHoursPerWeek, useInvoiceCharts } from './useCharts';

/** «2026-03» → «Mär 26» in the UI language. */
function monthLabel(month: string, language: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(`${language}-CH`, { month: 'short', timeZone: 'UTC' }).format(date);
}
/** «2026-03-02» (a Monday) → «2.3.» */
const weekLabel = (monday: string) => `${Number(monday.slice(8, 10))}.${Number(monday.slice(5, 7))}.`;

/**
 * The dashboard's charts (issue 28), loaded lazily below the first screen: the office sees invoiced
 * vs paid per month, open receivables by age and hours per week by project; an employee their own
 * hours per week.
 */
export default function DashboardCharts() {
  const { t, i18n } = useShellT();
  const { isBackoffice } = useSession();
  const money = useInvoiceCharts(isBackoffice);
  const hours = useHoursPerWeek();
  const language = i18n.language;

  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {isBackoffice && money.data ? (
        <>
          <Col xs={24} lg={12}>
            <BarChart
              title={t('dashboard.charts.invoicedPaid')}
              categories={money.data.months.map((m) => monthLabel(m.month, language))}
              series={[
                {
                  name: t('dashboard.charts.invoiced'),
                  values: money.data.months.map((m) => m.invoiced),
                  color: '#1f5fae',
                },
                { name: t('dashboard.charts.paid'), values: money.data.months.map((m) => m.paid), color: '#389e0d' },
              ]}
              format={formatCHF}
            />
          </Col>
          <Col xs={24} lg={12}>
            <BarChart
              title={t('dashboard.charts.receivables')}
              categories={RECEIVABLE_AGE_BUCKETS.map((b) => t(`dashboard.charts.age.${b}`))}
              series={[
                {
                  name: t('dashboard.charts.open'),
                  values: RECEIVABLE_AGE_BUCKETS.map(
                    (b) => money.data!.receivables.find((r) => r.bucket === b)?.amount ?? 0,
                  ),
                  color: '#d48806',
                },
              ]}
              format={formatCHF}
            />
          </Col>
        </>
      ) : null}
      {hours.data ? (
        <Col xs={24} lg={isBackoffice ? 12 : 14}>
          <BarChart
            title={isBackoffice ? t('dashboard.charts.hoursByProject') : t('dashboard.charts.myHours')}
            categories={hours.data.weeks.map(weekLabel)}
            series={hoursSeries(hours.data, t('dashboard.charts.otherProjects'))}
            mode="stacked"
            format={formatHours}
          />
        </Col>
      ) : null}
    </Row>
  );
}
