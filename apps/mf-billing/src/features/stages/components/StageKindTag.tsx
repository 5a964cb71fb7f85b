import { Tag } from 'antd';
import type { InvoiceDto } from '@zunft/contracts';
import { useBillingT } from '../../../shared/i18n';

/** «Akontorechnung», «Teilrechnung», «Schlussrechnung» beside a stage invoice's number; nothing for an ordinary one. */
export function StageKindTag({ invoice }: { invoice: Pick<InvoiceDto, 'kind'> }) {
  const t = useBillingT();
  if (!invoice.kind || invoice.kind === 'invoice') return null;
  return <Tag color="geekblue">{t(`stages.kinds.${invoice.kind}`)}</Tag>;
}
