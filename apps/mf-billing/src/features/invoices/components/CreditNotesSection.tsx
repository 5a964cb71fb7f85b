import { Flex, Table, Typography } from 'antd';
import type { CreditNoteDto } from '@zunft/contracts';
import { formatDate, formatNumber, useErrorToast } from '@zunft/web-common';
import { useIsMobile, zunftColors } from '@zunft/ui-kit';
import { DetailSection } from '../../../shared/DocumentDetail';
import { useBillingT } from '../../../shared/i18n';
import { useCreditNotesQuery } from '../api/useInvoices';

/** The invoice's credit notes (GET /invoices/{id}/credit-notes): number, date, reason, amount; nothing while none. */
export function CreditNotesSection({ invoiceId, currency }: { invoiceId: string; currency: string }) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const query = useCreditNotesQuery(invoiceId);
  useErrorToast(query, t('invoices.creditNotes.loadError'));
  const notes = query.data ?? [];
  if (notes.length === 0) return null;
  const money = (value: number) => `${currency} ${formatNumber(value, 2)}`;
  return (
    <DetailSection title={t('invoices.creditNotes.title')}>
      {isMobile ? (
        <Flex vertical gap={6}>
          {notes.map((note) => (
            <div key={note.id} style={{ borderBottom: `1px solid ${zunftColors.border}`, paddingBottom: 6 }}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text strong>{note.credit_note_number}</Typography.Text>
                <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                  {money(note.total)}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                {`${formatDate(note.credit_date)} · ${note.reason}`}
              </Typography.Text>
            </div>
          ))}
        </Flex>
      ) : (
        <Table<CreditNoteDto>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={notes}
          columns={[
            { title: t('invoices.creditNotes.number'), key: 'number', render: (_, n) => n.credit_note_number },
            { title: t('invoices.ledger.date'), key: 'date', render: (_, n) => formatDate(n.credit_date) },
            { title: t('invoices.creditNotes.reason'), key: 'reason', render: (_, n) => n.reason },
            {
              title: t('invoices.creditNotes.vat'),
              key: 'vat',
              align: 'right',
              render: (_, n) => money(n.vat_amount),
            },
            {
              title: t('invoices.creditNotes.total'),
              key: 'total',
              align: 'right',
              render: (_, n) => money(n.total),
            },
          ]}
        />
      )}
    </DetailSection>
  );
}
