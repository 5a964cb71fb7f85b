import { useT } from '@zunft/web-common';
import { BILLING_NS, registerBillingTranslations } from '../i18n';

// Every component of the remote reaches its strings through this module, so importing any of
// them (shell, standalone page or a test) registers the namespace first.
registerBillingTranslations();

/** `t` of the 'billing' namespace. */
export function useBillingT() {
  return useT(BILLING_NS).t;
}
