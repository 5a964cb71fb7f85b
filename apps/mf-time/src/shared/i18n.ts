import { useT } from '@zunft/web-common';
import { TIME_NS, registerTimeTranslations } from '../i18n';

// Every component of the remote reaches its strings through this module, so importing any of
// them (shell, standalone page or a test) registers the namespace first.
registerTimeTranslations();

/** `t` of the 'time' namespace. */
export function useTimeT() {
  return useT(TIME_NS).t;
}
