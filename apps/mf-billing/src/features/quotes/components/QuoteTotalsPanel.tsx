import { Flex, Typography } from 'antd';
import { formatCHF, formatNumber } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';

export interface TotalsView {
  subtotal: number;
  discount_amount: number;
  travel_allowance: number;
  net_amount: number;
  vat_amount: number;
  rounding: number;
  total: number;
  discount_percent: number;
  vat_rate: number;
}

function Line({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Flex justify="space-between" gap={12} style={strong ? { fontSize: 16, fontWeight: 650 } : undefined}>
      <Typography.Text strong={strong}>{label}</Typography.Text>
      <Typography.Text strong={strong} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Subtotal, discount, travel allowance, net, VAT, 5-Rappen rounding and total (part 2 §5). The form
 * feeds it the live `computeQuoteTotals`, the detail the server's figures.
 */
export function QuoteTotalsPanel({ totals }: { totals: TotalsView }) {
  const t = useBillingT();
  return (
    <section
      aria-label={t('quotes.totals.title')}
      style={{ background: zunftColors.background, borderRadius: 8, padding: 12 }}
    >
      <Flex vertical gap={4}>
        <Line label={t('quotes.totals.subtotal')} value={formatCHF(totals.subtotal)} testId="totals-subtotal" />
        {totals.discount_amount !== 0 || totals.discount_percent !== 0 ? (
          <Line
            label={t('quotes.totals.discount', { percent: formatNumber(totals.discount_percent) })}
            value={`− ${formatCHF(totals.discount_amount)}`}
            testId="totals-discount"
          />
        ) : null}
        {totals.travel_allowance !== 0 ? (
          <Line label={t('quotes.totals.travel')} value={formatCHF(totals.travel_allowance)} testId="totals-travel" />
        ) : null}
        <Line label={t('quotes.totals.net')} value={formatCHF(totals.net_amount)} testId="totals-net" />
        <Line
          label={t('quotes.totals.vat', { rate: formatNumber(totals.vat_rate) })}
          value={formatCHF(totals.vat_amount)}
          testId="totals-vat"
        />
        <Line label={t('quotes.totals.rounding')} value={formatCHF(totals.rounding)} testId="totals-rounding" />
        <div style={{ borderTop: `1px solid ${zunftColors.border}`, margin: '4px 0' }} />
        <Line label={t('quotes.totals.total')} value={formatNumber(totals.total, 2)} strong testId="totals-total" />
      </Flex>
    </section>
  );
}
