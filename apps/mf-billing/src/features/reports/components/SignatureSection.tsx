import { Suspense, lazy, useState } from 'react';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EditOutlined,
  LinkOutlined,
  MailOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Button, Flex, Form, Input, Modal, Space, Typography } from 'antd';
import type { PrepareReportSignatureResponse, ReportDto } from '@zunft/contracts';
import { formatDate, formatDateTime, toast, toastFailure } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { reportsApi } from '../api/reports.api';
import { signatureState } from './reportHelpers';
import type { ReportActions } from './useReportActions';

// The canvas dialog is its own chunk: it loads when someone signs on this device.
const SignatureModal = lazy(() => import('./SignatureModal'));

/** Absolute link of the public signature page for a token. */
function signatureLink(token: string): string {
  return `${window.location.origin}/signature/${encodeURIComponent(token)}`;
}

/**
 * 'Digitale Unterschrift' of the detail dialog (part 2 §2, §4): not sent (send by e-mail, a link, or
 * sign on this device), sent (awaiting the customer, 'Status prüfen'), signed (date and signer).
 * An approved report starts no signature.
 */
export function SignatureSection({ report, actions }: { report: ReportDto; actions: ReportActions }) {
  const t = useBillingT();
  const [preparing, setPreparing] = useState<'sign' | 'link' | null>(null);
  const [prepared, setPrepared] = useState<PrepareReportSignatureResponse | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [sendOpen, setSendOpen] = useState(false);
  const [sendEmail, setSendEmail] = useState('');
  const [checking, setChecking] = useState(false);
  const state = signatureState(report);
  const approved = report.status === 'approved';

  const prepare = async (purpose: 'sign' | 'link') => {
    setPreparing(purpose);
    try {
      const answer = await reportsApi.prepareSignature(report.id);
      setPrepared(answer);
      if (purpose === 'sign') setSigning(true);
      else setLink(signatureLink(answer.signatureToken));
    } catch (error) {
      toastFailure(error, t('reports.toast.prepareError'));
    } finally {
      setPreparing(null);
    }
  };

  const checkStatus = async () => {
    setChecking(true);
    try {
      const status = await reportsApi.signatureStatus(report.id);
      if (status.signed) {
        toast.success(t('reports.toast.signedNow'));
        await actions.refresh(report.id);
      } else toast.info(t('reports.toast.noSignatureYet'));
    } catch (error) {
      toastFailure(error, t('reports.toast.detailLoadError'));
    } finally {
      setChecking(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('reports.signature.copied'));
    } catch {
      // No clipboard (http, old browser): the field stays selectable.
    }
  };

  let status;
  if (state === 'signed') {
    status = (
      <Typography.Text type="success" data-testid="signature-state">
        <CheckCircleOutlined />{' '}
        {t('reports.signature.signed', {
          date: report.signed_at ? formatDateTime(report.signed_at) : '–',
          name: report.signer_name ?? '–',
        })}
      </Typography.Text>
    );
  } else if (state === 'sent') {
    status = (
      <Typography.Text data-testid="signature-state">
        <ClockCircleOutlined style={{ color: '#d48806' }} />{' '}
        {t('reports.signature.sent', { date: report.sent_at ? formatDate(report.sent_at) : '–' })}
      </Typography.Text>
    );
  } else {
    status = (
      <Typography.Text type="secondary" data-testid="signature-state">
        {t('reports.signature.notSent')}
      </Typography.Text>
    );
  }

  return (
    <section aria-label={t('reports.signature.title')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('reports.signature.title')}
      </Typography.Title>
      <Flex vertical gap={8}>
        {status}
        {state !== 'signed' && approved ? (
          <Typography.Text type="secondary">{t('reports.signature.locked')}</Typography.Text>
        ) : null}
        {state !== 'signed' && !approved ? (
          <Flex gap={8} wrap="wrap">
            {state === 'sent' ? (
              <Button icon={<SyncOutlined />} loading={checking} onClick={() => void checkStatus()}>
                {t('reports.signature.checkStatus')}
              </Button>
            ) : null}
            <Button icon={<MailOutlined />} onClick={() => setSendOpen(true)}>
              {t('reports.signature.send')}
            </Button>
            <Button icon={<LinkOutlined />} loading={preparing === 'link'} onClick={() => void prepare('link')}>
              {t('reports.signature.link')}
            </Button>
            <Button
              type="primary"
              icon={<EditOutlined />}
              loading={preparing === 'sign'}
              onClick={() => void prepare('sign')}
            >
              {t('reports.signature.sign')}
            </Button>
          </Flex>
        ) : null}
        {link && state !== 'signed' ? (
          <div>
            <Typography.Text strong>{t('reports.signature.linkTitle')}</Typography.Text>
            <Space.Compact style={{ width: '100%', marginTop: 4 }}>
              <Input
                readOnly
                value={link}
                aria-label={t('reports.signature.linkTitle')}
                onFocus={(e) => e.target.select()}
              />
              <Button onClick={() => void copy()}>{t('reports.signature.copy')}</Button>
            </Space.Compact>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('reports.signature.linkHint')}
            </Typography.Text>
          </div>
        ) : null}
      </Flex>
      <Modal
        open={sendOpen}
        title={t('reports.signature.sendTitle')}
        okText={t('reports.signature.sendSubmit')}
        cancelText={t('common.cancel')}
        confirmLoading={actions.sending}
        onCancel={() => setSendOpen(false)}
        onOk={async () => {
          if (await actions.send(report, sendEmail.trim() || null)) setSendOpen(false);
        }}
        destroyOnHidden
      >
        <Form layout="vertical" component="div">
          <Form.Item label={t('reports.signature.sendEmail')} extra={t('reports.signature.sendEmailHint')}>
            <Input
              type="email"
              inputMode="email"
              placeholder={report.customer_email ?? ''}
              value={sendEmail}
              onChange={(e) => setSendEmail(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
      {signing && prepared ? (
        <Suspense fallback={null}>
          <SignatureModal report={report} prepared={prepared} onClose={() => setSigning(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
