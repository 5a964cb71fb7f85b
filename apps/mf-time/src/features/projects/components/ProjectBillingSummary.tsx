import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import type { InvoiceStagesDto } from '@zunft/contracts';
import { api, formatCHF } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { ProjectStageInvoiceModal, type ProjectStageKind } from './ProjectStageInvoiceModal';

const KINDS: ProjectStageKind[] = ['down_payment', 'partial', 'final'];

/**
 * What of the project is invoiced, paid and not yet paid (billing's GET /invoices/stages?projectId=,
 * every invoice of the project incl. its down-payment, partial and final invoices), and how many
 * signed reports are not yet invoiced (issue 22), and until the final invoice the buttons
 * «Akontorechnung», «Teilrechnung», «Schlussrechnung». For the office only (invoices are theirs).
 */
export function ProjectBillingSummary({ projectId }: { projectId: string }) {
  const t = useTimeT();
  const [kind, setKind] = useState<ProjectStageKind | null>(null);
  const summary = useQuery({
    queryKey: ['billing', 'invoices', 'stages', `projectId=${projectId}`],
    queryFn: ({ signal }) =>
      api.get<InvoiceStagesDto>(`/invoices/stages?projectId=${encodeURIComponent(projectId)}`, { signal }),
    staleTime: 0,
  });
  if (summary.isError) return <Alert type="warning" showIcon title={t('projects.billing.loadError')} />;
  if (!summary.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const s = summary.data;
  const counted = s.invoices.filter((i) => i.status !== 'cancelled');
  const unpaid = Math.round(counted.reduce((sum, i) => sum + i.open_amount, 0) * 100) / 100;
  return (
    <div data-testid="project-billing">
      <Typography.Title level={5}>
        {t('projects.billing.title')}{' '}
        {s.final_invoice_id ? <Tag color="green">{t('projects.billing.finalDone')}</Tag> : null}
      </Typography.Title>
      {counted.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('projects.billing.none')}
        </Typography.Paragraph>
      ) : (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'invoiced', label: t('projects.billing.invoiced'), children: formatCHF(s.invoiced.total) },
            { key: 'paid', label: t('projects.billing.paid'), children: formatCHF(s.paid) },
            { key: 'unpaid', label: t('projects.billing.unpaid'), children: formatCHF(unpaid) },
          ]}
        />
      )}
      {s.uninvoiced_reports ? (
        <Typography.Paragraph type="warning" style={{ margin: '8px 0 0' }}>
          {t('projects.billing.reports', { count: s.uninvoiced_reports })}
        </Typography.Paragraph>
      ) : null}
      {s.final_invoice_id ? null : (
        <Flex gap={8} wrap="wrap" style={{ marginTop: 12 }}>
          {KINDS.map((k) => (
            <Button key={k} onClick={() => setKind(k)}>
              {t(`projects.billing.stage.${k}`)}
            </Button>
          ))}
        </Flex>
      )}
      <ProjectStageInvoiceModal
        key={kind ?? 'closed'}
        kind={kind}
        projectId={projectId}
        summary={s}
        onClose={() => setKind(null)}
      />
    </div>
  );
}
