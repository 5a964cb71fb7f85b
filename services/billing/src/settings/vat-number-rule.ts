import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

export class VatSettingError extends DomainError {}

/**
 * MWSTG art. 27 para. 2: whoever shows VAT on an invoice owes it, registered or not. A company
 * without a VAT number (Einstellungen › Rechnung) may therefore not put a rate above 0 on an invoice or
 * quote line: German 400 naming the setting, nothing written.
 */
export function assertVatNumberForRates(
  company: { vat_number: string | null } | null,
  rates: Iterable<number | null | undefined>,
): void {
  if (company?.vat_number?.trim()) return;
  for (const rate of rates) {
    if (Number(rate ?? 0) > 0) {
      throw new VatSettingError('vat_number_missing', serverMessage('vat_number_missing', { rate: String(rate) }), 400);
    }
  }
}
