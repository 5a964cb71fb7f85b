import type { ReactNode } from 'react';
import { BellOutlined, DeleteOutlined, EditOutlined, FilePdfOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Popconfirm, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { InvoiceDto } from '@zunft/contracts';
import { formatCHF, formatDate, useSession } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { StageKindTag } from '../../stages/components/StageKindTag';
import {
  INVOICE_STATUS_COLORS,
  canSendReminder,
  fromInteractive,
  nextReminderType,
  reminderLevel,
} from './invoiceHelpers';
import type { InvoiceActions } from './useInvoiceActions';

interface Props {
  invoices: InvoiceDto[];
  actions: InvoiceActions;
  onOpen: (invoice: InvoiceDto) => void;
}

export function InvoiceStatusTag({ invoice }: { invoice: Pick<InvoiceDto, 'status'> }) {
  const t = useBillingT();
  return <Tag color={INVOICE_STATUS_COLORS[invoice.status]}>{t(`invoices.status.${invoice.status}`)}</Tag>;
}

/** 'Keine', 'Erinnerung', '1. Mahnung' … for the invoice's current level. */
export function ReminderLevelText({ invoice }: { invoice: Pick<InvoiceDto, 'current_reminder_level'> }) {
  const t = useBillingT();
  return <>{t(`invoices.levels.${reminderLevel(invoice)}`)}</>;
}

function CardButtons({ children }: { children: ReactNode }) {
  return (
    <Flex gap={8} wrap="wrap" className="zunft-card-actions" style={{ marginTop: 4 }}>
      {children}
    </Flex>
  );
}

/** PDF, Senden (drafts, asks first), quick reminder (next level, asks first), Bearbeiten, Löschen (not paid). */
export function InvoiceRowActions({
  invoice,
  actions,
  block,
}: {
  invoice: InvoiceDto;
  actions: InvoiceActions;
  block?: boolean;
}) {
  const t = useBillingT();
  const label = (text: string) => (block ? text : null);
  const grow = block ? { flex: '1 1 130px' } : undefined;
  const Group = block ? CardButtons : Space.Compact;
  // The read-only accountant (Treuhänder, issue 26; isBackoffice false) gets the PDF only.
  const { isBackoffice } = useSession();
  return (
    <Group>
      <Button
        icon={<FilePdfOutlined />}
        aria-label={t('invoices.actions.pdf')}
        onClick={() => void actions.download(invoice)}
        style={grow}
      >
        {label(t('invoices.actions.pdf'))}
      </Button>
      {isBackoffice ? <InvoiceWriteActions invoice={invoice} actions={actions} block={block} /> : null}
    </Group>
  );
}

/** Senden, quick reminder, Bearbeiten, Löschen: the office's actions on a row. */
function InvoiceWriteActions({
  invoice,
  actions,
  block,
}: {
  invoice: InvoiceDto;
  actions: InvoiceActions;
  block?: boolean;
}) {
  const t = useBillingT();
  const paid = invoice.status === 'paid';
  const nextLevel = t(`invoices.reminderTypes.${nextReminderType(invoice)}`);
  const label = (text: string) => (block ? text : null);
  const grow = block ? { flex: '1 1 130px' } : undefined;
  return (
    <>
      {invoice.status === 'draft' ? (
        <Popconfirm
          title={t('invoices.sendConfirm', { number: invoice.invoice_number, customer: invoice.customer_name })}
          description={t('invoices.sendConfirmHint')}
          okText={t('invoices.actions.send')}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.send(invoice)}
        >
          <Button
            icon={<SendOutlined />}
            aria-label={t('invoices.actions.send')}
            loading={actions.sending === invoice.id}
            style={grow}
          >
            {label(t('invoices.actions.send'))}
          </Button>
        </Popconfirm>
      ) : null}
      {canSendReminder(invoice) ? (
        <Popconfirm
          title={t('invoices.quickReminderConfirm', { level: nextLevel, number: invoice.invoice_number })}
          okText={t('invoices.actions.send')}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.sendReminder(invoice)}
        >
          <Tooltip title={block ? undefined : t('invoices.actions.quickReminder')}>
            <Button
              icon={<BellOutlined />}
              aria-label={t('invoices.actions.quickReminder')}
              loading={actions.reminding === invoice.id}
              style={grow}
            >
              {label(nextLevel)}
            </Button>
          </Tooltip>
        </Popconfirm>
      ) : null}
      <Button
        icon={<EditOutlined />}
        aria-label={t('invoices.actions.edit')}
        onClick={() => actions.edit()}
        style={grow}
      >
        {label(t('invoices.actions.edit'))}
      </Button>
      <Popconfirm
        title={t('invoices.deleteConfirm', { number: invoice.invoice_number })}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        disabled={paid}
        onConfirm={() => actions.remove(invoice)}
      >
        <Tooltip title={paid ? t('invoices.actions.deletePaid') : undefined}>
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={t('invoices.actions.delete')}
            disabled={paid}
            loading={actions.deleting === invoice.id}
            style={grow}
          >
            {label(t('invoices.actions.delete'))}
          </Button>
        </Tooltip>
      </Popconfirm>
    </>
  );
}

const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The list view. Scrolls sideways inside its own container; `compact` (phones): small rows, customer
 * under the number, no project and date columns, the number pinned left.
 */
export function InvoiceTable({ invoices, actions, onOpen, compact = false }: Props & { compact?: boolean }) {
  const t = useBillingT();
  return (
    <Table<InvoiceDto>
      rowKey="id"
      dataSource={invoices}
      size={compact ? 'small' : undefined}
      pagination={false}
      scroll={{ x: compact ? 640 : 1040 }}
      rowClassName={() => 'zunft-clickable-row'}
      onRow={(invoice) => ({
        onClick: (event) => {
          if (!fromInteractive(event.target)) onOpen(invoice);
        },
        style: { cursor: 'pointer' },
      })}
      columns={[
        {
          title: t('invoices.columns.number'),
          key: 'number',
          fixed: compact ? 'left' : undefined,
          width: compact ? 150 : undefined,
          render: (_, inv) => (
            <>
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {inv.invoice_number}
              </Typography.Text>{' '}
              <StageKindTag invoice={inv} />
              {compact ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, hyphens: 'auto' }}>
                  {inv.customer_name}
                </Typography.Text>
              ) : null}
            </>
          ),
        },
        ...(compact
          ? []
          : [
              {
                title: t('invoices.columns.customer'),
                key: 'customer',
                width: 240,
                render: (_: unknown, inv: InvoiceDto) => (
                  <>
                    <Typography.Text>{inv.customer_name}</Typography.Text>
                    {inv.project_title ? (
                      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                        {inv.project_title}
                      </Typography.Text>
                    ) : null}
                  </>
                ),
              },
            ]),
        {
          title: t('invoices.columns.amount'),
          key: 'amount',
          align: 'right',
          render: (_, inv) => <span style={amountStyle}>{formatCHF(inv.total_amount)}</span>,
        },
        { title: t('invoices.columns.status'), key: 'status', render: (_, inv) => <InvoiceStatusTag invoice={inv} /> },
        ...(compact
          ? []
          : [
              {
                title: t('invoices.columns.invoiceDate'),
                key: 'invoiceDate',
                render: (_: unknown, inv: InvoiceDto) => formatDate(inv.invoice_date),
              },
            ]),
        {
          title: t('invoices.columns.dueDate'),
          key: 'dueDate',
          render: (_, inv) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(inv.due_date)}</span>,
        },
        ...(compact
          ? []
          : [
              {
                title: t('invoices.columns.reminder'),
                key: 'reminder',
                render: (_: unknown, inv: InvoiceDto) => <ReminderLevelText invoice={inv} />,
              },
            ]),
        {
          title: t('common.actions'),
          key: 'actions',
          align: 'right',
          render: (_, inv) => <InvoiceRowActions invoice={inv} actions={actions} />,
        },
      ]}
    />
  );
}

/** Cards: number, status, customer, project, amount, dates, reminder details and the actions. */
export function InvoiceCards({ invoices, actions, onOpen }: Props) {
  const t = useBillingT();
  return (
    <Row gutter={[12, 12]}>
      {invoices.map((inv) => (
        <Col key={inv.id} xs={24} md={12} xl={8}>
          <Card
            size="small"
            hoverable
            style={{ height: '100%' }}
            onClick={(event) => {
              if (!fromInteractive(event.target)) onOpen(inv);
            }}
            title={
              <div style={{ whiteSpace: 'normal', padding: '4px 0' }}>
                <div>
                  {inv.invoice_number} <StageKindTag invoice={inv} />
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
                  {inv.customer_name}
                </Typography.Text>
              </div>
            }
            extra={<InvoiceStatusTag invoice={inv} />}
          >
            <Flex vertical gap={6}>
              {inv.project_title ? <Typography.Text>{inv.project_title}</Typography.Text> : null}
              <Typography.Text strong style={{ fontSize: 18, fontVariantNumeric: 'tabular-nums' }}>
                {formatCHF(inv.total_amount)}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t('invoices.columns.invoiceDate')}: {formatDate(inv.invoice_date)} · {t('invoices.columns.dueDate')}:{' '}
                {formatDate(inv.due_date)}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t('invoices.columns.reminder')}: <ReminderLevelText invoice={inv} />
                {inv.last_reminder_sent_at
                  ? ` · ${t('invoices.reminders.lastSent')}: ${formatDate(inv.last_reminder_sent_at)}`
                  : null}
              </Typography.Text>
              <InvoiceRowActions invoice={inv} actions={actions} block />
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
