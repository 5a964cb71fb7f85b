import { useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, InputNumber, Modal, Typography } from 'antd';
import type { CreateInvoiceRequest, InvoiceDetailDto, InvoiceStagesDto } from '@zunft/contracts';
import { useIsMobile } from '@zunft/ui-kit';
import { api, formatCHF, toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';

export type ProjectStageKind = 'down_payment' | 'partial' | 'final';

interface Props {
  kind: ProjectStageKind | null;
  projectId: string;
  summary: InvoiceStagesDto;
  onClose: () => void;
}

interface FreeLine {
  title: string;
  quantity: number | null;
  unitPrice: number | null;
}

const EMPTY_LINE: FreeLine = { title: '', quantity: null, unitPrice: null };

/**
 * «Akontorechnung», «Teilrechnung», «Schlussrechnung» of a project (issue 22), through billing's
 * POST /invoices { kind, projectId }: a down payment as an amount excl. VAT, a partial invoice from
 * free lines, the final from the project's signed reports not yet invoiced and any free lines, minus
 * every down-payment and partial invoice (the server computes it; «Abgezogen» shows its `deduction`). mf-time cannot import mf-billing: the dialog is its own.
 */
export function ProjectStageInvoiceModal({ kind, projectId, summary, onClose }: Props) {
  const t = useTimeT();
  const isMobile = useIsMobile();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (body: CreateInvoiceRequest) => api.post<InvoiceDetailDto>('/invoices', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing', 'invoices'] }),
  });
  const [amount, setAmount] = useState<number | null>(null);
  const [lines, setLines] = useState<FreeLine[]>([EMPTY_LINE]);
  const [problem, setProblem] = useState<string | null>(null);
  if (!kind) return null;

  const setLine = (i: number, patch: Partial<FreeLine>) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  // The server's deduction of each down-payment and partial invoice: after its credit notes, a
  // cancelled one with what was paid on it (MWSTG art. 41); one that deducts nothing is not listed.
  const deducted = summary.invoices
    .filter((i) => i.kind === 'down_payment' || i.kind === 'partial')
    .flatMap((i) => (i.deduction && (i.deduction.net || i.deduction.vat) ? [i.deduction] : []));

  const submit = async () => {
    let body: CreateInvoiceRequest = { kind, projectId };
    if (kind === 'down_payment') {
      if (amount === null || amount <= 0) return setProblem(t('projects.billing.stage.amountRequired'));
      body = { ...body, amount };
    }
    if (kind === 'partial' || kind === 'final') {
      const filled = lines.filter((l) => l.title.trim() || l.quantity !== null || l.unitPrice !== null);
      // A partial invoice needs a line; the final takes lines besides the reports, if any.
      if (
        (kind === 'partial' && filled.length === 0) ||
        filled.some((l) => !l.title.trim() || !l.quantity || l.unitPrice === null)
      )
        return setProblem(t('projects.billing.stage.linesRequired'));
      if (filled.length > 0)
        body = {
          ...body,
          items: filled.map((l) => ({
            type: 'other',
            title: l.title.trim(),
            quantity: l.quantity!,
            unitPrice: l.unitPrice!,
          })),
        };
    }
    try {
      const invoice = await create.mutateAsync(body);
      toast.success(
        t('projects.billing.stage.created', {
          kind: t(`projects.billing.stage.${kind}`),
          number: invoice.invoice_number,
        }),
      );
      onClose();
    } catch (error) {
      toastFailure(error, t('projects.billing.stage.error'));
    }
  };

  return (
    <Modal
      open
      title={t(`projects.billing.stage.${kind}`)}
      okText={t('projects.billing.stage.create')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      okButtonProps={{ loading: create.isPending }}
      onCancel={onClose}
      width={isMobile ? '100%' : 600}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {problem ? <Alert type="warning" showIcon title={problem} /> : null}
        {kind === 'down_payment' ? (
          <label>
            <Typography.Text>{t('projects.billing.stage.amountLabel')}</Typography.Text>
            <InputNumber
              style={{ display: 'block', width: '100%' }}
              min={0.01}
              precision={2}
              value={amount}
              onChange={(v) => setAmount(typeof v === 'number' ? v : null)}
              aria-label={t('projects.billing.stage.amountLabel')}
            />
          </label>
        ) : null}
        {kind === 'partial' ? (
          <Typography.Text type="secondary">{t('projects.billing.stage.partialHint')}</Typography.Text>
        ) : null}
        {kind === 'final' ? (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>{t('projects.billing.stage.finalHint')}</Typography.Paragraph>
            <Typography.Text type="secondary">{t('projects.billing.stage.finalLines')}</Typography.Text>
          </>
        ) : null}
        {kind === 'partial' || kind === 'final' ? (
          <>
            {lines.map((l, i) => (
              <Flex key={i} gap={8} wrap="wrap" align="center" data-testid="stage-line">
                <Input
                  style={{ flex: isMobile ? '1 1 100%' : '2 1 200px' }}
                  value={l.title}
                  placeholder={t('projects.billing.stage.lineTitle')}
                  aria-label={`${t('projects.billing.stage.lineTitle')} ${i + 1}`}
                  onChange={(e) => setLine(i, { title: e.target.value })}
                />
                <InputNumber
                  style={{ flex: '1 1 80px' }}
                  min={0.01}
                  precision={2}
                  value={l.quantity}
                  placeholder={t('projects.billing.stage.quantity')}
                  aria-label={`${t('projects.billing.stage.quantity')} ${i + 1}`}
                  onChange={(v) => setLine(i, { quantity: typeof v === 'number' ? v : null })}
                />
                <InputNumber
                  style={{ flex: '1 1 110px' }}
                  precision={2}
                  value={l.unitPrice}
                  placeholder={t('projects.billing.stage.unitPrice')}
                  aria-label={`${t('projects.billing.stage.unitPrice')} ${i + 1}`}
                  onChange={(v) => setLine(i, { unitPrice: typeof v === 'number' ? v : null })}
                />
                {lines.length > 1 ? (
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`${t('projects.billing.stage.removeLine')} ${i + 1}`}
                    onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                  />
                ) : null}
              </Flex>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => setLines((all) => [...all, EMPTY_LINE])}>
              {t('projects.billing.stage.addLine')}
            </Button>
          </>
        ) : null}
        {kind === 'final' && deducted.length > 0 ? (
          <Typography.Text>
            {t('projects.billing.stage.finalDeducts', {
              count: deducted.length,
              amount: formatCHF(Math.round(deducted.reduce((s, d) => s + d.total * 100, 0)) / 100),
            })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Modal>
  );
}
