import { useEffect, useState } from 'react';
import { Alert, Descriptions, Flex, Form, Modal, Select, Typography } from 'antd';
import type { AssignUnmatchedCreditResponse } from '@zunft/contracts';
import { errorCode, formatCHF, formatDate, toast, toastFailure } from '@zunft/web-common';
import { useIsMobile } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useAssignCredit, useOpenInvoicesQuery } from '../api/useInvoices';
import { formatReference } from './invoiceHelpers';

/** A bank credit to assign: a stored unmatched credit or an unmatched entry of the import answer. */
export interface AssignableCredit {
  id: string;
  amount: number;
  currency: string;
  reference: string | null;
  debtor_name: string | null;
  /** yyyy-MM-dd of the booking, when the bank gave one. */
  date: string | null;
}

/** The server's error codes of POST /invoices/payments/unmatched/{id}/assign and their catalogue keys. */
const ASSIGN_ERRORS = {
  unmatched_credit_not_found: 'invoices.assign.errors.notFound',
  unmatched_credit_assigned: 'invoices.assign.errors.assigned',
  unmatched_credit_currency: 'invoices.assign.errors.currency',
} as const;

export function assignErrorKey(error: unknown): string {
  const code = errorCode(error);
  return code && code in ASSIGN_ERRORS
    ? ASSIGN_ERRORS[code as keyof typeof ASSIGN_ERRORS]
    : 'invoices.assign.errors.generic';
}

/**
 * 'Zuordnen': choose an open invoice (sent or overdue, part-paid ones included) and book the credit
 * as its payment. Errors are told apart by the server's `code`; its text is the second line.
 */
export function AssignCreditModal({
  credit,
  onClose,
  onAssigned,
}: {
  credit: AssignableCredit | null;
  onClose: () => void;
  onAssigned?: (creditId: string, answer: AssignUnmatchedCreditResponse) => void;
}) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const invoices = useOpenInvoicesQuery(Boolean(credit));
  const assign = useAssignCredit();
  const [invoiceId, setInvoiceId] = useState<string | undefined>();
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    setInvoiceId(undefined);
    setTouched(false);
  }, [credit?.id]);

  const confirm = async () => {
    setTouched(true);
    if (!credit || !invoiceId) return;
    try {
      const answer = await assign.mutateAsync({ creditId: credit.id, invoiceId });
      const status = answer.invoice.status === 'paid' ? 'paid' : 'partPaid';
      toast.success(
        t(`invoices.assign.done.${status}`, {
          amount: formatCHF(credit.amount),
          number: answer.invoice.invoice_number,
        }),
      );
      onAssigned?.(credit.id, answer);
      onClose();
    } catch (error) {
      toastFailure(error, t(assignErrorKey(error)));
      // Gone or already booked: nothing left to do in this dialog.
      const code = errorCode(error);
      if (code === 'unmatched_credit_assigned' || code === 'unmatched_credit_not_found') onClose();
    }
  };

  const options = (invoices.data ?? []).map((inv) => ({
    value: inv.id,
    // The whole line is searched (number and customer); phones show it on two lines.
    label: `${inv.invoice_number} · ${inv.customer_name} · ${formatCHF(inv.open_amount)}`,
    number: inv.invoice_number,
    customer: inv.customer_name,
    open: formatCHF(inv.open_amount),
  }));
  const chosen = invoices.data?.find((i) => i.id === invoiceId);
  const overpaid = chosen && credit ? credit.amount > chosen.open_amount + 0.004 : false;

  return (
    <Modal
      open={Boolean(credit)}
      title={t('invoices.assign.title')}
      onCancel={onClose}
      onOk={() => void confirm()}
      okText={t('invoices.assign.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: assign.isPending, disabled: invoices.isPending }}
      width={isMobile ? '100%' : 560}
      destroyOnHidden
    >
      {credit ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered={!isMobile}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'amount',
                label: t('invoices.import.amount'),
                children: (
                  <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                    {credit.currency === 'CHF'
                      ? formatCHF(credit.amount)
                      : `${credit.currency} ${credit.amount.toFixed(2)}`}
                  </Typography.Text>
                ),
              },
              { key: 'date', label: t('invoices.unmatched.date'), children: formatDate(credit.date) || '–' },
              {
                key: 'reference',
                label: t('invoices.import.reference'),
                children: <span style={{ overflowWrap: 'anywhere' }}>{formatReference(credit.reference)}</span>,
              },
              { key: 'debtor', label: t('invoices.import.debtor'), children: credit.debtor_name ?? '–' },
            ]}
          />
          <Form layout="vertical" requiredMark={false} onFinish={() => void confirm()}>
            <Form.Item
              label={t('invoices.assign.invoice')}
              htmlFor="assign-credit-invoice"
              validateStatus={touched && !invoiceId ? 'error' : undefined}
              help={touched && !invoiceId ? t('invoices.assign.invoiceRequired') : undefined}
              style={{ marginBottom: overpaid ? 12 : 0 }}
            >
              <Select<string>
                id="assign-credit-invoice"
                aria-label={t('invoices.assign.invoice')}
                size="large"
                value={invoiceId}
                onChange={setInvoiceId}
                placeholder={t('invoices.assign.placeholder')}
                loading={invoices.isPending}
                notFoundContent={invoices.isPending ? t('invoices.assign.loading') : t('invoices.assign.noInvoices')}
                showSearch={{ optionFilterProp: 'label' }}
                options={options}
                optionRender={(option) => (
                  <div style={{ whiteSpace: 'normal', lineHeight: 1.35 }}>
                    <Flex justify="space-between" gap={8}>
                      <Typography.Text strong>{option.data.number}</Typography.Text>
                      <Typography.Text style={{ whiteSpace: 'nowrap' }}>{option.data.open}</Typography.Text>
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {option.data.customer}
                    </Typography.Text>
                  </div>
                )}
                labelRender={(selected) => {
                  const option = options.find((o) => o.value === selected.value);
                  if (!option) return selected.label;
                  // Phones: number and open amount fit; the customer is in the option list.
                  return isMobile ? `${option.number} · ${option.open}` : option.label;
                }}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Form>
          {overpaid ? <Alert type="info" showIcon title={t('invoices.assign.overpaid')} /> : null}
          {invoices.isError ? <Alert type="error" showIcon title={t('invoices.toast.loadError')} /> : null}
        </>
      ) : null}
    </Modal>
  );
}
