import type { ReactNode } from 'react';
import { Flex, Table, Typography } from 'antd';
import { formatCHF, formatNumber } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useBillingT } from './i18n';

/**
 * The blocks the quote and invoice detail dialogs share: the dialog title with the status tag,
 * the items (table on a desktop, cards on a phone), a titled section and a titled text.
 */

/** 'Angebot A-2026-0007 [Versendet]': the dialog title with the document's status tag. */
export function DetailModalTitle({ title, tag }: { title: string; tag: ReactNode }) {
  return (
    <Flex gap={8} align="center" wrap="wrap">
      <span>{title}</span>
      {tag}
    </Flex>
  );
}

/** A section with a bold heading above its content ('Positionen'). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {title}
      </Typography.Text>
      {children}
    </div>
  );
}

/** A free text of the document ('Notizen', 'Konditionen') with its line breaks; nothing when empty. */
export function DetailText({ label, text }: { label: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>{text}</Typography.Paragraph>
    </div>
  );
}

/** What an item of a quote or an invoice shows. */
export interface DocumentItem {
  id: string;
  title: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  total_price: number;
}

/**
 * The items of a document: a table on a desktop, cards on a phone (`compact`). `typeLabel` adds
 * the item type (quotes: Arbeit, Material …); `compactDescriptions` shows descriptions on the cards.
 */
export function DocumentItems<T extends DocumentItem>({
  items,
  compact,
  emptyText,
  typeLabel,
  compactDescriptions = false,
}: {
  items: T[];
  compact: boolean;
  emptyText: string;
  typeLabel?: (item: T) => string;
  compactDescriptions?: boolean;
}) {
  const t = useBillingT();
  if (items.length === 0) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  if (compact) {
    return (
      <Flex vertical gap={8}>
        {items.map((item) => (
          <div key={item.id} style={{ borderBottom: `1px solid ${zunftColors.border}`, paddingBottom: 8 }}>
            <Flex justify="space-between" gap={8}>
              <Typography.Text strong style={{ hyphens: 'auto' }}>
                {item.title}
              </Typography.Text>
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {formatCHF(item.total_price)}
              </Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {typeLabel ? `${typeLabel(item)} · ` : null}
              {formatNumber(item.quantity)} {item.unit} × {formatCHF(item.unit_price)}
            </Typography.Text>
            {compactDescriptions && item.description ? (
              <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
                {item.description}
              </Typography.Paragraph>
            ) : null}
          </div>
        ))}
      </Flex>
    );
  }
  return (
    <Table<T>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={items}
      columns={[
        {
          title: t('quotes.items.title'),
          key: 'title',
          render: (_, item) => (
            <>
              <Typography.Text>{item.title}</Typography.Text>
              {item.description ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {item.description}
                </Typography.Text>
              ) : null}
            </>
          ),
        },
        ...(typeLabel
          ? [{ title: t('quotes.items.type'), key: 'type', render: (_: unknown, item: T) => typeLabel(item) }]
          : []),
        {
          title: t('quotes.items.quantity'),
          key: 'quantity',
          align: 'right',
          render: (_, item) => `${formatNumber(item.quantity)} ${item.unit}`,
        },
        {
          title: t('quotes.items.unitPrice'),
          key: 'unitPrice',
          align: 'right',
          render: (_, item) => formatCHF(item.unit_price),
        },
        {
          title: t('quotes.items.total'),
          key: 'total',
          align: 'right',
          render: (_, item) => formatCHF(item.total_price),
        },
      ]}
    />
  );
}
