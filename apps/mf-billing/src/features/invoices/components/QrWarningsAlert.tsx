import { Alert, Typography } from 'antd';
import type { QrWarning } from '@zunft/contracts';
import { useBillingT } from '../../../shared/i18n';

/**
 * Issue 23: where the QR bill differs from what was typed (characters outside the QR character set
 * replaced or dropped, text cut at a word), the detail says so before the invoice is sent.
 */
export function QrWarningsAlert({ warnings }: { warnings: readonly QrWarning[] | undefined }) {
  const t = useBillingT();
  if (!warnings || warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="qr-warnings"
      title={t('invoices.qrWarnings.title')}
      description={
        <>
          <Typography.Text>{t('invoices.qrWarnings.hint')}</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
            {warnings.map((w) => (
              <li key={`${w.field}-${w.kind}`} style={{ wordBreak: 'break-word' }}>
                <Typography.Text strong>{t(`invoices.qrWarnings.fields.${w.field.replace('.', '_')}`)}</Typography.Text>
                {` (${t(`invoices.qrWarnings.${w.kind}`)}): `}
                <Typography.Text code>{w.value}</Typography.Text>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
