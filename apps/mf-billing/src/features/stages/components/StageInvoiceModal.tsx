import { useState } from 'react';
import { Alert, Flex, InputNumber, Modal, Radio, Table, Typography } from 'antd';
import type { CreateInvoiceRequest, InvoiceStagesDto } from '@zunft/contracts';
import { formatCHF, formatNumber, toast, toastFailure } from '@zunft/web-common';
import { useIsMobile } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useCreateStageInvoice, type StageTarget } from '../api/stages.api';
import { stageFinalPreview } from './stageHelpers';

export type StageKind = 'down_payment' | 'partial' | 'final';

interface Props {
  kind: StageKind | null;
  target: StageTarget;
  summary: InvoiceStagesDto;
  onClose: () => void;
}

/** «Akontorechnung», «Teilrechnung», «Schlussrechnung»: what to invoice now, then POST /invoices. */
export function StageInvoiceModal({ kind, target, summary, onClose }: Props) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const create = useCreateStageInvoice();
  const [mode, setMode] = useState<'percent' | 'amount'>(summary.basis ? 'percent' : 'amount');
  const [value, setValue] = useState<number | null>(null);
  const [quantities, setQuantities] = useState<Record<string, number | null>>({});
  const [problem, setProblem] = useState<string | null>(null);
  if (!kind) return null;

  const basisNet = summary.basis?.net ?? 0;
  const previewNet =
    value === null ? null : mode === 'percent' ? Math.round(basisNet * value) / 100 : Math.round(value * 100) / 100;

  const submit = async () => {
    let body: CreateInvoiceRequest = { kind, ...target };
    if (kind === 'down_payment') {
      if (value === null) return setProblem(t('stages.dialog.down_payment.required'));
      body = { ...body, ...(mode === 'percent' ? { percent: value } : { amount: value }) };
    }
    if (kind === 'partial') {
      const lines = Object.entries(quantities)
        .filter(([, q]) => q !== null && q > 0)
        .map(([quoteItemId, quantity]) => ({ quoteItemId, quantity: quantity! }));
      if (lines.length === 0) return setProblem(t('stages.dialog.partial.nothingChosen'));
      body = { ...body, lines };
    }
    try {
      const invoice = await create.mutateAsync(body);
      toast.success(t('stages.toast.created', { kind: t(`stages.kinds.${kind}`), number: invoice.invoice_number }));
      onClose();
    } catch (error) {
      toastFailure(error, t('stages.toast.error'));
    }
  };

  const final = stageFinalPreview(summary);
  return (
    <Modal
      open
      title={t(`stages.dialog.${kind}.title`)}
      okText={t('stages.dialog.create')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      okButtonProps={{ loading: create.isPending }}
      onCancel={onClose}
      width={isMobile ? '100%' : 640}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {problem ? <Alert type="warning" showIcon title={problem} /> : null}
        {kind === 'down_payment' ? (
          <>
            {summary.basis ? (
              <Radio.Group
                aria-label={t('stages.dialog.down_payment.mode')}
                value={mode}
                onChange={(e) => {
                  setMode(e.target.value as 'percent' | 'amount');
                  setValue(null);
                }}
                options={[
                  { value: 'percent', label: t('stages.dialog.down_payment.percent') },
                  { value: 'amount', label: t('stages.dialog.down_payment.amount') },
                ]}
              />
            ) : null}
            <label>
              <Typography.Text>
                {mode === 'percent'
                  ? t('stages.dialog.down_payment.percentLabel')
                  : t('stages.dialog.down_payment.amountLabel')}
              </Typography.Text>
              <InputNumber
                style={{ display: 'block', width: '100%' }}
                min={0.01}
                max={mode === 'percent' ? 100 : undefined}
                precision={2}
                value={value}
                onChange={(v) => setValue(typeof v === 'number' ? v : null)}
                aria-label={
                  mode === 'percent'
                    ? t('stages.dialog.down_payment.percentLabel')
                    : t('stages.dialog.down_payment.amountLabel')
                }
              />
            </label>
            {summary.open ? (
              <Typography.Text type="secondary">
                {t('stages.dialog.down_payment.openHint', { amount: formatCHF(summary.open.net) })}
              </Typography.Text>
            ) : null}
            {previewNet !== null ? (
              <Typography.Text strong>
                {t('stages.dialog.down_payment.preview', { net: formatCHF(previewNet) })}
              </Typography.Text>
            ) : null}
          </>
        ) : null}
        {kind === 'partial' ? (
          <>
            <Typography.Text type="secondary">{t('stages.dialog.partial.hint')}</Typography.Text>
            <Table
              size="small"
              pagination={false}
              rowKey="quote_item_id"
              dataSource={summary.lines}
              columns={[
                { key: 'title', title: t('stages.dialog.partial.position'), dataIndex: 'title' },
                {
                  key: 'open',
                  title: t('stages.dialog.partial.openQuantity'),
                  render: (_, l) => `${formatNumber(l.open_quantity)} ${l.unit}`,
                },
                {
                  key: 'quantity',
                  title: t('stages.dialog.partial.quantity'),
                  render: (_, l) => (
                    <InputNumber
                      min={0}
                      max={l.open_quantity}
                      precision={2}
                      disabled={l.open_quantity <= 0}
                      value={quantities[l.quote_item_id] ?? null}
                      aria-label={`${t('stages.dialog.partial.quantity')}: ${l.title}`}
                      onChange={(v) =>
                        setQuantities((q) => ({ ...q, [l.quote_item_id]: typeof v === 'number' ? v : null }))
                      }
                    />
                  ),
                },
              ]}
            />
          </>
        ) : null}
        {kind === 'final' ? (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>{t('stages.dialog.final.hint')}</Typography.Paragraph>
            {final.count > 0 ? (
              <Typography.Text>
                {t('stages.dialog.final.deductions', { count: final.count, amount: formatCHF(final.deducted) })}
              </Typography.Text>
            ) : null}
            {final.remaining !== null ? (
              <Typography.Text strong>
                {t('stages.dialog.final.remaining', { amount: formatCHF(final.remaining) })}
              </Typography.Text>
            ) : null}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
