import type { ReactNode } from 'react';
import { DeleteOutlined, EditOutlined, FilePdfOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Popconfirm, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { QuoteDto } from '@zunft/contracts';
import { formatCHF, formatDate } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { fromInteractive } from '../../../shared/dom';
import { STATUS_COLORS } from './quoteHelpers';
import type { QuoteActions } from './useQuoteActions';

interface Props {
  quotes: QuoteDto[];
  actions: QuoteActions;
  onOpen: (quote: QuoteDto) => void;
  onEdit: (quote: QuoteDto) => void;
}

export function QuoteStatusTag({ quote }: { quote: Pick<QuoteDto, 'status'> }) {
  const t = useBillingT();
  return <Tag color={STATUS_COLORS[quote.status]}>{t(`quotes.status.${quote.status}`)}</Tag>;
}

/** Senden (draft only, asks first), PDF, Bearbeiten, Löschen (not for accepted quotes, asks first). */
export function QuoteRowActions({
  quote,
  actions,
  onEdit,
  block,
}: Omit<Props, 'quotes' | 'onOpen'> & { quote: QuoteDto; block?: boolean }) {
  const t = useBillingT();
  const accepted = quote.status === 'accepted';
  const label = (text: string) => (block ? text : null);
  const grow = block ? { flex: '1 1 130px' } : undefined;
  // Cards (phones): labelled buttons that wrap, each at least a thumb wide; table: an icon group.
  const Group = block ? CardButtons : Space.Compact;
  return (
    <Group>
      {quote.status === 'draft' ? (
        <Popconfirm
          title={t('quotes.sendConfirm', { number: quote.quote_number, customer: quote.customer_name })}
          description={t('quotes.sendConfirmHint')}
          okText={t('quotes.actions.send')}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.send(quote)}
        >
          <Button
            icon={<SendOutlined />}
            aria-label={t('quotes.actions.send')}
            loading={actions.sending === quote.id}
            style={grow}
          >
            {label(t('quotes.actions.send'))}
          </Button>
        </Popconfirm>
      ) : null}
      <Button
        icon={<FilePdfOutlined />}
        aria-label={t('quotes.actions.pdf')}
        onClick={() => void actions.downloadPdf(quote)}
        style={grow}
      >
        {label(t('quotes.actions.pdf'))}
      </Button>
      <Tooltip title={accepted ? t('quotes.actions.editAccepted') : undefined}>
        <Button
          icon={<EditOutlined />}
          aria-label={t('quotes.actions.edit')}
          onClick={() => onEdit(quote)}
          disabled={accepted}
          style={grow}
        >
          {label(t('quotes.actions.edit'))}
        </Button>
      </Tooltip>
      <Popconfirm
        title={t('quotes.deleteConfirm', { title: quote.title })}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        disabled={accepted}
        onConfirm={() => actions.remove(quote)}
      >
        <Tooltip title={accepted ? t('quotes.actions.deleteAccepted') : undefined}>
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={t('quotes.actions.delete')}
            disabled={accepted}
            loading={actions.deleting === quote.id}
            style={grow}
          >
            {label(t('quotes.actions.delete'))}
          </Button>
        </Tooltip>
      </Popconfirm>
    </Group>
  );
}

function CardButtons({ children }: { children: ReactNode }) {
  return (
    <Flex gap={8} wrap="wrap" className="zunft-card-actions" style={{ marginTop: 4 }}>
      {children}
    </Flex>
  );
}

/**
 * The list view. The table scrolls sideways inside its own container, never the page; `compact`
 * (phones): small rows, the customer under the title, no valid-until column, and the title column
 * pinned left, so a row stays recognisable while the amount, status and actions scroll.
 */
export function QuoteTable({ quotes, actions, onOpen, onEdit, compact = false }: Props & { compact?: boolean }) {
  const t = useBillingT();
  return (
    <Table<QuoteDto>
      rowKey="id"
      dataSource={quotes}
      size={compact ? 'small' : undefined}
      pagination={quotes.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: compact ? 600 : 880 }}
      rowClassName={() => 'zunft-clickable-row'}
      onRow={(quote) => ({
        onClick: (event) => {
          if (!fromInteractive(event.target)) onOpen(quote);
        },
        style: { cursor: 'pointer' },
      })}
      columns={[
        {
          title: t('quotes.columns.title'),
          key: 'title',
          fixed: compact ? 'left' : undefined,
          width: compact ? 180 : undefined,
          render: (_, q) => (
            <>
              <Typography.Text strong style={{ hyphens: 'auto' }}>
                {q.title}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {q.quote_number}
                {/* phones: the customer under the title instead of a column of its own */}
                {compact ? ` · ${q.customer_name}` : null}
              </Typography.Text>
            </>
          ),
        },
        ...(compact
          ? []
          : [
              {
                title: t('quotes.columns.customer'),
                key: 'customer',
                render: (_: unknown, q: QuoteDto) => q.customer_name,
              },
            ]),
        {
          title: t('quotes.columns.amount'),
          key: 'amount',
          align: 'right',
          render: (_, q) => (
            <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatCHF(q.total)}</span>
          ),
        },
        { title: t('quotes.columns.status'), key: 'status', render: (_, q) => <QuoteStatusTag quote={q} /> },
        ...(compact
          ? []
          : [
              {
                title: t('quotes.columns.validUntil'),
                key: 'validUntil',
                render: (_: unknown, q: QuoteDto) => formatDate(q.valid_until),
              },
            ]),
        {
          title: t('common.actions'),
          key: 'actions',
          align: 'right',
          render: (_, q) => <QuoteRowActions quote={q} actions={actions} onEdit={onEdit} />,
        },
      ]}
    />
  );
}

export function QuoteCards({ quotes, actions, onOpen, onEdit }: Props) {
  const t = useBillingT();
  return (
    <Row gutter={[12, 12]}>
      {quotes.map((q) => (
        <Col key={q.id} xs={24} md={12} xl={8}>
          <Card
            size="small"
            hoverable
            style={{ height: '100%' }}
            onClick={(event) => {
              if (!fromInteractive(event.target)) onOpen(q);
            }}
            title={
              <div style={{ whiteSpace: 'normal', padding: '4px 0' }}>
                <div>{q.title}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
                  {q.quote_number}
                </Typography.Text>
              </div>
            }
            extra={<QuoteStatusTag quote={q} />}
          >
            <Flex vertical gap={6}>
              <Typography.Text>{q.customer_name}</Typography.Text>
              <Typography.Text strong style={{ fontSize: 18, fontVariantNumeric: 'tabular-nums' }}>
                {formatCHF(q.total)}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t('quotes.columns.created')}: {formatDate(q.quote_date)} · {t('quotes.columns.validUntil')}:{' '}
                {formatDate(q.valid_until)}
              </Typography.Text>
              {q.description ? (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {q.description}
                </Typography.Paragraph>
              ) : null}
              <QuoteRowActions quote={q} actions={actions} onEdit={onEdit} block />
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
