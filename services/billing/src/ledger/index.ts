/** The ledger's door: its module, the service other rooms call, and types. */
export { LedgerModule } from './ledger.module.js';
export { InvoiceLedger, type BookedPayment } from './invoice-ledger.service.js';
export type { LedgerPosting, PaymentWrite } from './ledger.repository.js';
export { LedgerErrors } from './ledger.errors.js';
