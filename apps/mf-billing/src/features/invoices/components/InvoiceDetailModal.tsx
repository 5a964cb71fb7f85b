import { useState } from 'react';
import {
  BellOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  FileExcelOutlined,
  FilePdfOutlined,
  LockOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Modal, Popconfirm, Select, Skeleton, Tag, Tooltip, Typography } from 'antd';
import {
  canChangeInvoiceStatus,
  INVOICE_STATUSES,
  INVOICE_PAYMENT_METHODS,
  type InvoiceDetailDto,
  type InvoiceDto,
  type InvoicePaymentMethod,
} from '@zunft/contracts';
import { formatCHF, formatDate, formatNumber, toast, toastFailure, useErrorToast } from '@zunft/web-common';
import { useIsMobile } from '@zunft/ui-kit';
import { DetailModalTitle, DetailSection, DetailText, DocumentItems } from '../../../shared/DocumentDetail';
import { StageKindTag } from '../../stages/components/StageKindTag';
import { useBillingT } from '../../../shared/i18n';
import { useCloseInvoice, useInvoiceQuery } from '../api/useInvoices';
import { InvoiceStatusTag, ReminderLevelText } from './InvoiceList';
import { CreditNoteModal } from './CreditNoteModal';
import { CreditNotesSection } from './CreditNotesSection';
import { LedgerSection } from './LedgerSection';
import { PaymentsSection } from './PaymentsSection';
import { QrWarningsAlert } from './QrWarningsAlert';
import { ReasonModal } from './ReasonModal';
import { formatReference } from './invoiceHelpers';
import { shortHash } from './ledgerHelpers';
import type { InvoiceActions } from './useInvoiceActions';

const STANDARD = 'standard';

/** «Archiviert 3f2a 9c01 be77»: the issued PDF is stored with its SHA-256 and never re-rendered. */
function ArchivedTag({ sha256 }: { sha256: string }) {
  const t = useBillingT();
  return (
    <Tooltip title={t('invoices.archive.hint', { hash: sha256 })}>
      <Tag icon={<LockOutlined />} color="purple" data-testid="archived-marker">
        {`${t('invoices.archive.marker')} ${shortHash(sha256)}`}
      </Tag>
    </Tooltip>
  );
}

function Totals({ invoice }: { invoice: InvoiceDetailDto }) {
  const t = useBillingT();
  const rows: Array<[string, number, boolean?]> = [
    [t('invoices.detail.subtotal'), invoice.subtotal],
    [t('invoices.detail.vat', { rate: formatNumber(invoice.vat_rate, 1) }), invoice.vat_amount],
    ...(invoice.rounding ? [[t('invoices.detail.rounding'), invoice.rounding] as [string, number]] : []),
    [t('invoices.detail.total'), invoice.total_amount, true],
  ];
  return (
    <Flex vertical gap={4} style={{ width: '100%', maxWidth: 340, marginLeft: 'auto' }}>
      {rows.map(([label, value, strong]) => (
        <Flex key={label} justify="space-between" gap={12}>
          <Typography.Text strong={strong}>{label}</Typography.Text>
          <Typography.Text strong={strong} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatNumber(value, 2)}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * Detail of an invoice (part 2 §2): customer, project, amount, dates, status and payment-method
 * selectors, 'Als bezahlt markieren', 'Mahnung verwalten', PDF, send, delete, items and payments.
 */
export function InvoiceDetailModal({
  invoice: row,
  actions,
  onClose,
  onReminders,
}: {
  invoice: InvoiceDto | null;
  actions: InvoiceActions;
  onClose: () => void;
  onReminders: (invoice: InvoiceDto) => void;
}) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const detail = useInvoiceQuery(row);
  const [creditNoteOpen, setCreditNoteOpen] = useState(false);
  const [closing, setClosing] = useState<'cancel' | 'writeOff' | null>(null);
  const close = useCloseInvoice();
  useErrorToast(detail, t('invoices.toast.loadOneError'));
  const full = detail.data && detail.data.id === row?.id ? detail.data : null;
  const invoice: InvoiceDto | null = full ?? row;

  if (!invoice) return <Modal open={false} />;
  // Cancelled and written-off invoices are closed for good: no payments, reminders or corrections.
  const closed = invoice.status === 'cancelled' || invoice.status === 'written_off';
  const paid = invoice.status === 'paid' || closed;
  const draft = invoice.status === 'draft';
  const current = full ?? invoice;
  const open = current.open_amount;
  // An invoice once issued keeps its ledger, even when its label says «Entwurf» (issue 22).
  const issued = !draft || Boolean(current.issued_at);
  const period =
    current.service_period_start && current.service_period_end
      ? `${formatDate(current.service_period_start)} – ${formatDate(current.service_period_end)}`
      : null;

  const footer = (
    <Flex gap={8} wrap="wrap" justify="flex-end">
      <Popconfirm
        title={t('invoices.deleteConfirm', { number: invoice.invoice_number })}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        disabled={paid}
        onConfirm={async () => {
          if (await actions.remove(invoice)) onClose();
        }}
      >
        <Button danger disabled={paid} title={paid ? t('invoices.actions.deletePaid') : undefined}>
          {t('common.delete')}
        </Button>
      </Popconfirm>
      <Button icon={<FilePdfOutlined />} onClick={() => void actions.download(invoice)}>
        {t('invoices.actions.pdf')}
      </Button>
      {draft ? (
        <Popconfirm
          title={t('invoices.sendConfirm', { number: invoice.invoice_number, customer: invoice.customer_name })}
          description={t('invoices.sendConfirmHint')}
          okText={t('invoices.actions.send')}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.send(invoice)}
        >
          <Button type="primary" icon={<SendOutlined />} loading={actions.sending === invoice.id}>
            {t('invoices.actions.send')}
          </Button>
        </Popconfirm>
      ) : null}
      <Button onClick={onClose}>{t('common.close')}</Button>
    </Flex>
  );

  return (
    <Modal
      open
      title={
        <DetailModalTitle
          title={t('invoices.detail.title', { number: invoice.invoice_number })}
          tag={
            <>
              <InvoiceStatusTag invoice={invoice} />
              <StageKindTag invoice={invoice} />
              {full?.document_sha256 ? <ArchivedTag sha256={full.document_sha256} /> : null}
            </>
          }
        />
      }
      onCancel={onClose}
      footer={footer}
      width={isMobile ? '100%' : 880}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {full && full.missing_settings.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            title={t('invoices.detail.missingSettings')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {full.missing_settings.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        {full ? <QrWarningsAlert warnings={full.qr_warnings} /> : null}
        <Descriptions
          size="small"
          column={isMobile ? 1 : 2}
          items={[
            { key: 'customer', label: t('invoices.detail.customer'), children: invoice.customer_name },
            { key: 'project', label: t('invoices.detail.project'), children: invoice.project_title ?? '–' },
            {
              key: 'amount',
              label: t('invoices.detail.amount'),
              children: <Typography.Text strong>{formatCHF(invoice.total_amount)}</Typography.Text>,
            },
            { key: 'invoiceDate', label: t('invoices.detail.invoiceDate'), children: formatDate(invoice.invoice_date) },
            { key: 'dueDate', label: t('invoices.detail.dueDate'), children: formatDate(invoice.due_date) },
            ...(period ? [{ key: 'period', label: t('invoices.detail.servicePeriod'), children: period }] : []),
            { key: 'paid', label: t('invoices.detail.paid'), children: formatCHF(current.paid_amount) },
            { key: 'open', label: t('invoices.detail.open'), children: formatCHF(open) },
            {
              key: 'level',
              label: t('invoices.detail.reminderLevel'),
              children: <ReminderLevelText invoice={invoice} />,
            },
            {
              key: 'reference',
              label: t('invoices.detail.reference'),
              children: full ? (
                <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {formatReference(full.qr_reference)}
                </span>
              ) : (
                <Skeleton.Input active size="small" />
              ),
            },
          ]}
        />

        <Flex gap={12} wrap="wrap" align="flex-end">
          <label style={{ flex: '1 1 200px' }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
              {t('invoices.detail.status')}
            </Typography.Text>
            <Select
              aria-label={t('invoices.detail.status')}
              value={invoice.status}
              loading={actions.updatingStatus === invoice.id}
              style={{ width: '100%' }}
              onChange={(next) => void actions.setStatus(invoice, next)}
              options={INVOICE_STATUSES.map((s) => ({
                value: s,
                label: t(`invoices.status.${s}`),
                // The ledger's transition table: paid is left only by reversing a payment.
                disabled: !canChangeInvoiceStatus(invoice.status, s),
              }))}
            />
          </label>
          <label style={{ flex: '1 1 200px' }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
              {t('invoices.detail.paymentMethod')}
            </Typography.Text>
            <Select<string>
              aria-label={t('invoices.detail.paymentMethod')}
              value={invoice.payment_method ?? STANDARD}
              loading={actions.updatingMethod === invoice.id}
              style={{ width: '100%' }}
              onChange={(next) =>
                void actions.setPaymentMethod(invoice, next === STANDARD ? null : (next as InvoicePaymentMethod))
              }
              options={[
                { value: STANDARD, label: t('invoices.method.standard') },
                ...INVOICE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`invoices.method.${m}`) })),
              ]}
            />
          </label>
        </Flex>
        <Flex gap={8} wrap="wrap">
          <Popconfirm
            title={t('invoices.actions.markPaid')}
            okText={t('invoices.actions.markPaid')}
            cancelText={t('common.cancel')}
            disabled={paid}
            onConfirm={() => actions.markPaid(invoice)}
          >
            <Button
              type="primary"
              icon={<CheckOutlined />}
              disabled={paid}
              loading={actions.updatingStatus === invoice.id}
              style={{ flex: '1 1 200px' }}
            >
              {t('invoices.actions.markPaid')}
            </Button>
          </Popconfirm>
          <Button
            icon={<BellOutlined />}
            disabled={paid || draft}
            onClick={() => onReminders(invoice)}
            style={{ flex: '1 1 200px' }}
          >
            {t('invoices.actions.manageReminders')}
          </Button>
          {full && issued ? (
            <Button
              icon={<FileExcelOutlined />}
              onClick={() => setCreditNoteOpen(true)}
              disabled={full.total_amount <= 0 || closed}
              style={{ flex: '1 1 200px' }}
            >
              {t('invoices.creditNotes.action')}
            </Button>
          ) : null}
          {full && issued && !closed && open > 0 ? (
            <>
              <Button danger icon={<StopOutlined />} onClick={() => setClosing('cancel')} style={{ flex: '1 1 200px' }}>
                {t('invoices.closing.cancel')}
              </Button>
              <Button
                danger
                icon={<CloseCircleOutlined />}
                onClick={() => setClosing('writeOff')}
                style={{ flex: '1 1 200px' }}
              >
                {t('invoices.closing.writeOff')}
              </Button>
            </>
          ) : null}
        </Flex>

        <DetailSection title={t('invoices.detail.items')}>
          {full ? (
            <DocumentItems items={full.items} compact={isMobile} emptyText={t('invoices.detail.noItems')} />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </DetailSection>
        {full ? <Totals invoice={full} /> : null}
        <DetailText label={t('invoices.detail.notes')} text={full?.notes} />
        {full ? (
          <PaymentsSection
            invoiceId={full.id}
            payments={full.payments}
            open={open}
            canRecord={!paid && !draft}
            canReverse={issued}
          />
        ) : null}
        {full && issued ? <LedgerSection invoiceId={full.id} /> : null}
        {full && issued ? <CreditNotesSection invoiceId={full.id} currency={full.currency} /> : null}
        {/* Dialogs over the detail are mounted only while open: a closed one mounted inside it kept
            Escape from closing the detail (e2e accessibility: «Rechnung: Detail»). */}
        {full && issued && creditNoteOpen ? (
          <CreditNoteModal invoice={full} open onClose={() => setCreditNoteOpen(false)} />
        ) : null}
        {closing !== null ? (
          <ReasonModal
            open
            name={closing === 'writeOff' ? 'writeOff' : 'cancel'}
            title={t(closing === 'writeOff' ? 'invoices.closing.writeOffTitle' : 'invoices.closing.cancelTitle', {
              number: invoice.invoice_number,
            })}
            hint={t(closing === 'writeOff' ? 'invoices.closing.writeOffHint' : 'invoices.closing.cancelHint', {
              amount: formatCHF(open),
            })}
            okText={t(closing === 'writeOff' ? 'invoices.closing.writeOff' : 'invoices.closing.cancel')}
            pending={close.isPending}
            onClose={() => setClosing(null)}
            onSubmit={async (reason) => {
              if (!closing) return;
              const kind = closing;
              try {
                await close.mutateAsync({ id: invoice.id, kind, reason });
                toast.success(
                  t(kind === 'cancel' ? 'invoices.closing.cancelDone' : 'invoices.closing.writeOffDone', {
                    number: invoice.invoice_number,
                  }),
                );
                setClosing(null);
              } catch (error) {
                toastFailure(
                  error,
                  t(kind === 'cancel' ? 'invoices.closing.cancelError' : 'invoices.closing.writeOffError'),
                );
              }
            }}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
