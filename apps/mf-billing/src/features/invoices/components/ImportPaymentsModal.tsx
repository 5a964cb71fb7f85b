import { useState, type ReactNode } from 'react';
import { InboxOutlined, LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Tag, Typography, Upload } from 'antd';
import type { CamtImportResponse } from '@zunft/contracts';
import { formatCHF, formatDate, toast, toastFailure } from '@zunft/web-common';
import { useIsMobile, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useImportPayments } from '../api/useInvoices';
import { AssignCreditModal, type AssignableCredit } from './AssignCreditModal';
import { formatReference } from './invoiceHelpers';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
        {title} ({count})
      </Typography.Title>
      {children}
    </section>
  );
}

const rowStyle = {
  border: `1px solid ${zunftColors.border}`,
  borderRadius: 8,
  padding: '8px 12px',
} as const;

/** The bank-file import (camt.054, multipart field `file`) and its result: matched, unmatched, duplicates. */
export function ImportPaymentsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const importFile = useImportPayments();
  const [result, setResult] = useState<CamtImportResponse | null>(null);
  const [assigning, setAssigning] = useState<AssignableCredit | null>(null);
  /** Credit id → invoice number and its status after 'Zuordnen' in this result. */
  const [assigned, setAssigned] = useState<Record<string, { number: string; paid: boolean }>>({});

  const run = async (file: File) => {
    try {
      const answer = await importFile.mutateAsync(file);
      setResult(answer);
      setAssigned({});
      toast.success(
        t('invoices.toast.imported', {
          matched: answer.matched.length,
          unmatched: answer.unmatched.length,
          duplicates: answer.duplicates.length,
        }),
      );
    } catch (error) {
      toastFailure(error, t('invoices.toast.importError'));
    }
  };

  const close = () => {
    setResult(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('invoices.import.title')}
      onCancel={close}
      footer={
        <Flex gap={8} justify="flex-end" wrap="wrap">
          {result ? <Button onClick={() => setResult(null)}>{t('invoices.import.again')}</Button> : null}
          <Button type="primary" onClick={close}>
            {t('common.close')}
          </Button>
        </Flex>
      }
      width={isMobile ? '100%' : 720}
      destroyOnHidden
    >
      {result ? (
        <Flex vertical gap={16}>
          <Section title={t('invoices.import.matched')} count={result.matched.length}>
            {result.matched.length === 0 ? (
              <Typography.Text type="secondary">{t('invoices.import.noneMatched')}</Typography.Text>
            ) : (
              <Flex vertical gap={6}>
                {result.matched.map((m, i) => (
                  <div key={`${m.invoice_id}-${i}`} style={rowStyle}>
                    <Flex justify="space-between" gap={8} wrap="wrap">
                      <span>
                        <Typography.Text strong>{m.invoice_number}</Typography.Text>{' '}
                        <Tag color={m.status === 'paid' ? 'success' : 'warning'}>
                          {t(m.status === 'paid' ? 'invoices.import.paid' : 'invoices.import.partPaid')}
                        </Tag>
                      </span>
                      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                        {formatCHF(m.amount)}
                      </Typography.Text>
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {[m.debtor_name, formatDate(m.payment_date)].filter(Boolean).join(' · ')}
                      {m.status === 'part_paid' ? ` · ${t('invoices.detail.open')}: ${formatCHF(m.open_amount)}` : ''}
                    </Typography.Text>
                  </div>
                ))}
              </Flex>
            )}
          </Section>
          <Section title={t('invoices.import.unmatched')} count={result.unmatched.length}>
            {result.unmatched.length > 0 ? (
              <Flex vertical gap={6}>
                <Alert type="warning" showIcon title={t('invoices.import.unmatchedHint')} />
                {result.unmatched.map((u) => (
                  <div key={u.id} style={rowStyle}>
                    <Flex justify="space-between" gap={8} wrap="wrap">
                      <Typography.Text>{u.debtor_name ?? '–'}</Typography.Text>
                      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                        {formatCHF(u.amount)}
                      </Typography.Text>
                    </Flex>
                    <Flex justify="space-between" align="center" gap={8} wrap="wrap">
                      <Typography.Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                        {t('invoices.import.reference')}: {formatReference(u.reference)}
                      </Typography.Text>
                      {assigned[u.id] ? (
                        <Tag color={assigned[u.id]!.paid ? 'success' : 'warning'}>
                          {t('invoices.assign.assignedTo', { number: assigned[u.id]!.number })} ·{' '}
                          {t(assigned[u.id]!.paid ? 'invoices.import.paid' : 'invoices.import.partPaid')}
                        </Tag>
                      ) : (
                        <Button
                          size="small"
                          icon={<LinkOutlined />}
                          onClick={() =>
                            setAssigning({
                              id: u.id,
                              amount: u.amount,
                              currency: u.currency,
                              reference: u.reference,
                              debtor_name: u.debtor_name,
                              date: u.payment_date,
                            })
                          }
                          style={isMobile ? { flex: '1 1 100%' } : undefined}
                        >
                          {t('invoices.assign.action')}
                        </Button>
                      )}
                    </Flex>
                  </div>
                ))}
              </Flex>
            ) : null}
          </Section>
          <Section title={t('invoices.import.duplicates')} count={result.duplicates.length}>
            {result.duplicates.length > 0 ? (
              <Flex vertical gap={6}>
                {result.duplicates.map((d, i) => (
                  <Flex key={i} justify="space-between" gap={8} wrap="wrap" style={rowStyle}>
                    <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                      {formatReference(d.reference ?? d.bank_reference)}
                    </Typography.Text>
                    <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatCHF(d.amount)}</Typography.Text>
                  </Flex>
                ))}
              </Flex>
            ) : null}
          </Section>
          {result.ignored.length > 0 ? (
            <Typography.Text type="secondary">
              {t('invoices.import.ignored', { count: result.ignored.length })}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('invoices.import.hint')}
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".xml,application/xml,text/xml"
            multiple={false}
            showUploadList={false}
            disabled={importFile.isPending}
            beforeUpload={(file) => {
              void run(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {importFile.isPending ? t('invoices.import.importing') : t('invoices.import.drop')}
            </p>
          </Upload.Dragger>
        </Flex>
      )}
      <AssignCreditModal
        credit={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={(id, answer) =>
          setAssigned((prev) => ({
            ...prev,
            [id]: { number: answer.invoice.invoice_number, paid: answer.invoice.status === 'paid' },
          }))
        }
      />
    </Modal>
  );
}
