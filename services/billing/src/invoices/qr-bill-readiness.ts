import { QR_BILL_SETTING_NAMES } from '@zunft/contracts';
import type { CustomerInfo } from '../directory/directory.repository.js';
import type { BillingCompany } from './invoices.repository.js';

/**
 * What the QR bill still lacks (SIX IG 2.3: the creditor account and structured addresses, type S,
 * of creditor and debtor). Empty = the invoice can be downloaded and sent.
 */
export function missingQrBillSettings(company: BillingCompany | null, customer: CustomerInfo | null): string[] {
  const missing: string[] = [];
  if (!company?.company_iban) missing.push(QR_BILL_SETTING_NAMES.iban);
  if (!company?.street?.trim() || !company.zip?.trim() || !company.city?.trim() || !company.name?.trim()) {
    missing.push(QR_BILL_SETTING_NAMES.companyAddress);
  }
  if (!customer?.address?.trim() || !customer.zip?.trim() || !customer.city?.trim()) {
    missing.push(QR_BILL_SETTING_NAMES.customerAddress);
  }
  return missing;
}
