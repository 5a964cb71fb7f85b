import { useEffect } from 'react';
import { useSession } from '@zunft/web-common';
import { applyUserLanguage } from '../i18n/ui-language';

/**
 * Keeps the UI in the signed-in user's language (user, else company, else browser), also when a
 * token refresh or the profile screen changes it. Signed out, the public pages keep their choice.
 */
export function UserLanguageSync() {
  const { status, user } = useSession();
  const language = user?.language;
  const companyLanguage = user?.companyLanguage;
  useEffect(() => {
    if (status === 'authenticated') applyUserLanguage({ language, companyLanguage });
  }, [status, language, companyLanguage]);
  return null;
}
