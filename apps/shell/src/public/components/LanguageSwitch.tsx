import type { Language } from '@zunft/contracts';
import { UI_LANGUAGES, currentLanguage, setLanguage } from '@zunft/web-common';
import { useShellT } from '../../i18n/shell-i18n';

/** DE / FR / IT for visitors; the choice is remembered in localStorage. */
export function LanguageSwitch() {
  const { t } = useShellT();
  return (
    <label className="lang-switch">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        value={currentLanguage()}
        onChange={(e) => setLanguage(e.target.value as Language, true)}
        aria-label={t('language.label')}
      >
        {UI_LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {lng.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
