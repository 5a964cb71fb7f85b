import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from './i18n';

export function I18nProvider({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** `const { t } = useT('admin')` — bound to the shared instance, works without the provider too. */
export function useT(ns?: string | string[]) {
  return useTranslation(ns, { i18n });
}
