import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import type { PrepareReportSignatureResponse, ReportDto } from '@zunft/contracts';
import { useIsMobile } from '@zunft/ui-kit';
import { ApiError, formatDate, toast } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { SignaturePad, type SignaturePadHandle } from '../../../shared/SignaturePad';
import {
  SIGNATURE_FIELDS,
  signatureSubmitErrorKey,
  validateSignature,
  type SignatureErrors,
} from '../../../shared/signatureForm';
import { useSignReport } from '../api/useReports';

/**
 * Signing on the office's device (part 2 §2 "signature modal with a drawing canvas"): the customer
 * signs with a finger or the mouse; name, e-mail, drawing and consent are checked with the exact
 * texts of part 2 §5. Loaded lazily with the detail dialog's 'sign' button.
 */
export default function SignatureModal({
  report,
  prepared,
  onClose,
}: {
  report: ReportDto;
  prepared: PrepareReportSignatureResponse;
  onClose: () => void;
}) {
  const t = useBillingT();
  const id = useId();
  const isMobile = useIsMobile();
  const pad = useRef<SignaturePadHandle>(null);
  const sign = useSignReport();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(prepared.reportData.customerEmail ?? '');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<SignatureErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const data = prepared.reportData;

  useEffect(() => setSubmitError(null), [name, email, consent]);

  const submit = async () => {
    const found = validateSignature({ name, email, consent, hasInk: !(pad.current?.isEmpty() ?? true) });
    setErrors(found);
    const first = SIGNATURE_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    try {
      await sign.mutateAsync({
        id: report.id,
        body: { signerName: name.trim(), signerEmail: email.trim(), signatureData: pad.current!.toDataURL() },
      });
      toast.success(t('reports.toast.signed'));
      onClose();
    } catch (error) {
      setSubmitError(t(signatureSubmitErrorKey(error instanceof ApiError ? error.status : 0)));
    }
  };

  const status = (field: keyof SignatureErrors) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: keyof SignatureErrors) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <Modal
      open
      title={t('reports.signModal.title')}
      onCancel={onClose}
      width={isMobile ? '100%' : 620}
      style={isMobile ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end" wrap="wrap">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={sign.isPending} onClick={() => void submit()}>
            {sign.isPending ? t('reports.signModal.submitting') : t('reports.signModal.submit')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('reports.signModal.intro', {
          number: data.reportNumber,
          project: data.projectTitle,
          customer: data.customerName,
          date: formatDate(data.reportDate),
        })}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('signature.name')}
          validateStatus={status('name')}
          help={help('name')}
          htmlFor={`${id}-name`}
        >
          <Input id={`${id}-name`} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item
          label={t('signature.email')}
          validateStatus={status('email')}
          help={help('email')}
          htmlFor={`${id}-email`}
        >
          <Input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('signature.signatureLabel')} validateStatus={status('signature')} help={help('signature')}>
          <div id={`${id}-signature`} tabIndex={-1}>
            <SignaturePad
              ref={pad}
              label={t('signature.signatureField')}
              invalid={Boolean(errors.signature)}
              height={isMobile ? 200 : 180}
              onChange={(hasInk) => {
                if (hasInk) setErrors((e) => ({ ...e, signature: undefined }));
              }}
            />
          </div>
          <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 4 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('signature.signatureHint')}
            </Typography.Text>
            <Button size="small" onClick={() => pad.current?.clear()}>
              {t('signature.clear')}
            </Button>
          </Flex>
        </Form.Item>
        <Form.Item validateStatus={status('consent')} help={help('consent')}>
          <Checkbox id={`${id}-consent`} checked={consent} onChange={(e) => setConsent(e.target.checked)}>
            {t('signature.consent')}
          </Checkbox>
        </Form.Item>
      </Form>
      {submitError ? <Alert type="error" showIcon title={submitError} /> : null}
    </Modal>
  );
}
