/** Company-setting rules that several rooms apply (no module: pure functions). */
export { assertVatNumberForRates, VatSettingError } from './vat-number-rule.js';
