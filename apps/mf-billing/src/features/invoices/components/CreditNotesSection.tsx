import { useState } from 'react';
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Typography } from 'antd';
import type { CreditNoteDto } from '@zunft/contracts';
import { formatDate, formatNumber, toast, toastFailure, useErrorToast } from '@zunft/web-common';
import { useIsMobile, zunftColors } from '@zunft/ui-kit';
import { DetailSection } from '../../../shared/DocumentDetail';
import { useBillingT } from '../../../shared/i18n';
import { invoicesApi } from '../api/invoices.api';
import { useCreditNotesQuery } from '../api/useInvoices';
import { saveBlob } from './invoiceHelpers';

/** 'Gutschrift-GS-2026-0001.pdf' */
export function creditNoteFileName(note: Pick<CreditNoteDto, 'credit_note_number'>): string {
  return `Gutschrift-${note.credit_note_number.replace(/[^\w.-]+/g, '_')}.pdf`;
}

/** The invoice's credit notes (GET /invoices/{id}/credit-notes): number, date, reason, amount; nothing while none. */
export function CreditNotesSection({ invoiceId, currency }: { invoiceId: string; currency: string }) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const query = useCreditNotesQuery(invoiceId);
  const [downloading, setDownloading] = useState<string | null>(null);
  useErrorToast(query, t('invoices.creditNotes.loadError'));
  const notes = query.data ?? [];
  if (notes.length === 0) return null;
  const money = (value: number) => `${currency} ${formatNumber(value, 2)}`;
  const download = async (note: CreditNoteDto) => {
    setDownloading(note.id);
    try {
      saveBlob(await invoicesApi.creditNotePdf(invoiceId, note.id), creditNoteFileName(note));
      toast.success(t('invoices.toast.pdfDownloaded'));
    } catch (error) {
      toastFailure(error, t('invoices.creditNotes.downloadError'));
    } finally {
      setDownloading(null);
    }
  };
  const pdfButton = (note: CreditNoteDto) => (
    <Button
      size="small"
      icon={<FilePdfOutlined />}
      loading={downloading === note.id}
      aria-label={`${t('invoices.actions.pdf')} ${note.credit_note_number}`}
      onClick={() => void download(note)}
    >
      {t('invoices.actions.pdf')}
    </Button>
  );
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
              <Flex justify="space-between" gap={8} align="center">
                <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                  {`${formatDate(note.credit_date)} · ${note.reason}`}
                </Typography.Text>
                {pdfButton(note)}
              </Flex>
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
            { title: '', key: 'pdf', align: 'right', render: (_, n) => pdfButton(n) },
          ]}
        />
      )}
    </DetailSection>
  );
}
