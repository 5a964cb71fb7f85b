import { useEffect, useState } from 'react';
import { EditOutlined, FilePdfOutlined, ProjectOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Modal, Popconfirm, Skeleton, Typography } from 'antd';
import type { QuoteDto } from '@zunft/contracts';
import { formatDate, formatDateTime, toast, toastFailure, useErrorToast } from '@zunft/web-common';
import { useIsMobile, zunftColors } from '@zunft/ui-kit';
import { DetailModalTitle, DetailSection, DetailText, DocumentItems } from '../../../shared/DocumentDetail';
import { useBillingT } from '../../../shared/i18n';
import { StagesSection } from '../../stages/components/StagesSection';
import { useCreateProject, useQuoteQuery, useSignatureQuery } from '../api/useQuotes';
import { QuoteStatusTag } from './QuoteList';
import { QuoteTotalsPanel } from './QuoteTotalsPanel';
import type { QuoteActions } from './useQuoteActions';

interface Props {
  /** The row that was clicked; null: closed. */
  quote: QuoteDto | null;
  actions: QuoteActions;
  onClose: () => void;
  onEdit: (quote: QuoteDto) => void;
  onSaveTemplate: (quote: QuoteDto) => void;
}

/** An object URL for a blob, revoked when the blob changes or the component goes away. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function Signature({ quote }: { quote: QuoteDto }) {
  const t = useBillingT();
  const signature = useSignatureQuery(quote.id, quote.status === 'accepted' && quote.has_signature);
  const url = useObjectUrl(signature.data);
  if (!quote.has_signature) return null;
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
        {t('quotes.detail.signature')}
      </Typography.Text>
      {url ? (
        <img
          src={url}
          alt={t('quotes.detail.signatureAlt', { name: quote.accepted_by_name ?? '' })}
          style={{
            maxWidth: '100%',
            width: 320,
            height: 'auto',
            background: '#fff',
            border: `1px solid ${zunftColors.border}`,
            borderRadius: 8,
          }}
        />
      ) : signature.isError ? null : (
        <Skeleton.Image active style={{ width: 240, height: 90 }} />
      )}
    </div>
  );
}

/** Detail of a quote: data, items, totals incl. rounding, acceptance with signature, actions. */
export function QuoteDetailModal({ quote: row, actions, onClose, onEdit, onSaveTemplate }: Props) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const detail = useQuoteQuery(row);
  const createProject = useCreateProject();
  useErrorToast(detail, t('quotes.toast.loadOneError'));
  const quote = detail.data ?? row;

  if (!quote) return <Modal open={false} />;
  const accepted = quote.status === 'accepted';
  const canCreateProject = accepted && !quote.project_id && !quote.project_requested_at;

  const onCreateProject = async () => {
    try {
      await createProject.mutateAsync(quote.id);
      toast.success(t('quotes.toast.projectCreating'));
    } catch (error) {
      toastFailure(error, t('quotes.toast.projectError'));
    }
  };

  const footer = (
    <Flex gap={8} wrap="wrap" justify="flex-end">
      {canCreateProject ? (
        <Button
          type="primary"
          icon={<ProjectOutlined />}
          loading={createProject.isPending}
          onClick={() => void onCreateProject()}
        >
          {t('quotes.actions.createProject')}
        </Button>
      ) : null}
      {quote.status === 'draft' ? (
        <Popconfirm
          title={t('quotes.sendConfirm', { number: quote.quote_number, customer: quote.customer_name })}
          description={t('quotes.sendConfirmHint')}
          okText={t('quotes.actions.send')}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.send(quote)}
        >
          <Button type="primary" icon={<SendOutlined />} loading={actions.sending === quote.id}>
            {t('quotes.actions.send')}
          </Button>
        </Popconfirm>
      ) : null}
      <Button icon={<FilePdfOutlined />} onClick={() => void actions.downloadPdf(quote)}>
        {t('quotes.actions.pdf')}
      </Button>
      <Button icon={<SaveOutlined />} onClick={() => onSaveTemplate(quote)}>
        {t('quotes.actions.saveAsTemplate')}
      </Button>
      {!accepted ? (
        <Button icon={<EditOutlined />} onClick={() => onEdit(quote)}>
          {t('quotes.actions.edit')}
        </Button>
      ) : null}
      <Popconfirm
        title={t('quotes.deleteConfirm', { title: quote.title })}
        okText={t('common.delete')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        disabled={accepted}
        onConfirm={async () => {
          if (await actions.remove(quote)) onClose();
        }}
      >
        <Button danger disabled={accepted} title={accepted ? t('quotes.actions.deleteAccepted') : undefined}>
          {t('common.delete')}
        </Button>
      </Popconfirm>
      <Button onClick={onClose}>{t('common.close')}</Button>
    </Flex>
  );

  return (
    <Modal
      open={row !== null}
      title={
        <DetailModalTitle
          title={t('quotes.detail.title', { number: quote.quote_number })}
          tag={<QuoteStatusTag quote={quote} />}
        />
      }
      onCancel={onClose}
      footer={footer}
      width={isMobile ? '100%' : 860}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {quote.title}
        </Typography.Title>
        <Descriptions
          size="small"
          column={isMobile ? 1 : 2}
          items={[
            { key: 'customer', label: t('quotes.detail.customer'), children: quote.customer_name },
            ...(quote.contact_person
              ? [{ key: 'contact', label: t('quotes.detail.contact'), children: quote.contact_person }]
              : []),
            { key: 'date', label: t('quotes.detail.quoteDate'), children: formatDate(quote.quote_date) },
            { key: 'valid', label: t('quotes.detail.validUntil'), children: formatDate(quote.valid_until) },
            { key: 'status', label: t('quotes.detail.status'), children: <QuoteStatusTag quote={quote} /> },
          ]}
        />
        {quote.description ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>{quote.description}</Typography.Paragraph>
        ) : null}

        {accepted && quote.accepted_by_name ? (
          <Alert
            type="success"
            showIcon
            title={t('quotes.detail.acceptedBy', {
              name: quote.accepted_by_name,
              date: quote.accepted_at ? formatDateTime(quote.accepted_at) : '–',
            })}
            description={
              quote.project_id ? null : quote.project_requested_at ? t('quotes.detail.projectPending') : null
            }
          />
        ) : null}
        {quote.status === 'rejected' && quote.rejection_reason ? (
          <Alert type="error" showIcon title={t('quotes.detail.rejectedReason', { reason: quote.rejection_reason })} />
        ) : null}
        {accepted ? <Signature quote={quote} /> : null}

        <DetailSection title={t('quotes.detail.items')}>
          <DocumentItems
            items={quote.items}
            compact={isMobile}
            emptyText={t('quotes.detail.noItems')}
            typeLabel={(item) => t(`quotes.items.types.${item.type}`)}
            compactDescriptions
          />
        </DetailSection>
        <Flex justify="flex-end">
          <div style={{ width: '100%', maxWidth: 380 }}>
            <QuoteTotalsPanel totals={quote} />
          </div>
        </Flex>
        {accepted ? <StagesSection target={{ quoteId: quote.id }} canInvoice /> : null}
        <DetailText label={t('quotes.detail.notes')} text={quote.notes} />
        <DetailText label={t('quotes.detail.terms')} text={quote.terms_conditions} />
      </Flex>
    </Modal>
  );
}
