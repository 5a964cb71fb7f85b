import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import type { StageInvoiceDto } from '@zunft/contracts';
import { formatCHF, formatDate } from '@zunft/web-common';
import { useIsMobile } from '@zunft/ui-kit';
import { DetailSection } from '../../../shared/DocumentDetail';
import { useBillingT } from '../../../shared/i18n';
import { useInvoiceStagesQuery, type StageTarget } from '../api/stages.api';
import { StageInvoiceModal, type StageKind } from './StageInvoiceModal';

interface Props {
  target: StageTarget;
  /** Buttons only where new stage invoices may be made (an accepted quote; a project). */
  canInvoice: boolean;
}

const KINDS: StageKind[] = ['down_payment', 'partial', 'final'];
// On a phone the invoices' table has three columns (kind and date under the number): no scrolling
// region, which a keyboard could not reach.

/**
 * Billing in stages on a quote (and a project): what is invoiced and what is open (net, VAT,
 * total), the down-payment, partial and final invoices, and the buttons «Akontorechnung»,
 * «Teilrechnung», «Schlussrechnung» (issue 22).
 */
export function StagesSection({ target, canInvoice }: Props) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const summary = useInvoiceStagesQuery(target);
  const [kind, setKind] = useState<StageKind | null>(null);

  if (summary.isError)
    return (
      <DetailSection title={t('stages.title')}>
        <Alert type="warning" showIcon title={t('stages.loadError')} />
      </DetailSection>
    );
  if (!summary.data)
    return (
      <DetailSection title={t('stages.title')}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </DetailSection>
    );
  const s = summary.data;
  const finalDone = s.final_invoice_id !== null;
  // A quote billed by one ordinary invoice has no stages (the server answers 409).
  const billedWhole = s.quote_id !== null && s.invoices.some((i) => i.kind === 'invoice' && i.status !== 'cancelled');
  const partialPossible = s.lines.some((l) => l.open_quantity > 0);
  const amounts = (label: string, a: { net: number; vat: number; total: number }) => ({
    key: label,
    label,
    children: (
      <span>
        {formatCHF(a.total)}{' '}
        <Typography.Text type="secondary">
          ({t('stages.net')} {formatCHF(a.net)}, {t('stages.vat')} {formatCHF(a.vat)})
        </Typography.Text>
      </span>
    ),
  });

  return (
    <DetailSection title={t('stages.title')}>
      <Flex vertical gap={12} data-testid="invoice-stages">
        <Descriptions
          size="small"
          column={1}
          items={[
            ...(s.basis ? [amounts(t('stages.basis'), s.basis)] : []),
            amounts(t('stages.invoiced'), s.invoiced),
            ...(s.open ? [amounts(t('stages.open'), s.open)] : []),
            { key: 'paid', label: t('stages.paid'), children: formatCHF(s.paid) },
          ]}
        />
        {s.invoices.length === 0 ? (
          <Typography.Text type="secondary">{t('stages.none')}</Typography.Text>
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={s.invoices}
            columns={[
              {
                key: 'number',
                title: t('stages.columns.number'),
                render: (_, i) =>
                  isMobile ? (
                    <>
                      <div>{i.invoice_number}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t(`stages.kinds.${i.kind}`)}, {formatDate(i.invoice_date)}
                      </Typography.Text>
                    </>
                  ) : (
                    i.invoice_number
                  ),
              },
              ...(isMobile
                ? []
                : [
                    {
                      key: 'kind',
                      title: t('stages.columns.kind'),
                      render: (_: unknown, i: StageInvoiceDto) => t(`stages.kinds.${i.kind}`),
                    },
                    {
                      key: 'date',
                      title: t('stages.columns.date'),
                      render: (_: unknown, i: StageInvoiceDto) => formatDate(i.invoice_date),
                    },
                  ]),
              { key: 'total', title: t('stages.columns.total'), align: 'right', render: (_, i) => formatCHF(i.total) },
              {
                key: 'status',
                title: t('stages.columns.status'),
                render: (_, i) => <Tag>{t(`invoices.status.${i.status}`)}</Tag>,
              },
            ]}
          />
        )}
        {finalDone ? <Alert type="success" showIcon title={t('stages.finalDone')} /> : null}
        {canInvoice && !finalDone && !billedWhole ? (
          <Flex gap={8} wrap="wrap">
            {KINDS.filter((k) => k !== 'partial' || partialPossible).map((k) => (
              <Button key={k} type={k === 'final' ? 'primary' : 'default'} onClick={() => setKind(k)}>
                {t(`stages.actions.${k}`)}
              </Button>
            ))}
          </Flex>
        ) : null}
      </Flex>
      {kind ? <StageInvoiceModal kind={kind} target={target} summary={s} onClose={() => setKind(null)} /> : null}
    </DetailSection>
  );
}
