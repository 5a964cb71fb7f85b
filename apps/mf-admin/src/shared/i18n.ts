import { useT } from '@zunft/web-common';
import { ADMIN_NS, registerAdminTranslations } from '../i18n';

// Every component of the remote reaches its strings through this module, so importing any of
// them (shell, standalone page or a test) registers the namespace first.
registerAdminTranslations();

/** `t` of the 'admin' namespace. */
export function useAdminT() {
  return useT(ADMIN_NS).t;
}
