import { useId } from 'react';
import { Card, Select, Typography } from 'antd';
import { LANGUAGES, type Language, type SessionUser } from '@zunft/contracts';
import { currentLanguage, i18n, isLanguage, setLanguage, toast, toastFailure } from '@zunft/web-common';
import { ADMIN_NS } from '../../../i18n';
import { useAdminT } from '../../../shared/i18n';
import { useUpdateProfile } from '../api/useProfile';

interface Props {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'email' | 'language'>;
}

/**
 * The user's own language (issue 15). Choosing one switches the whole UI at once and stores it in
 * the profile; a failed save switches back.
 */
export function LanguageCard({ user }: Props) {
  const t = useAdminT();
  const id = useId();
  const update = useUpdateProfile();
  const value: Language = isLanguage(user.language) ? user.language : currentLanguage();

  const choose = (language: Language) => {
    if (language === value) return;
    const previous = value;
    setLanguage(language);
    update.mutate(
      { firstName: user.firstName, lastName: user.lastName, email: user.email, language },
      {
        onSuccess: () => toast.success(i18n.t('profile.language.saved', { ns: ADMIN_NS, lng: language })),
        onError: (error) => {
          setLanguage(previous);
          toastFailure(error, i18n.t('profile.language.saveError', { ns: ADMIN_NS, lng: previous }));
        },
      },
    );
  };

  return (
    <Card title={t('profile.language.title')}>
      <label htmlFor={`${id}-language`} style={{ display: 'block', marginBottom: 8 }}>
        {t('profile.language.label')}
      </label>
      <Select<Language>
        id={`${id}-language`}
        value={value}
        onChange={choose}
        loading={update.isPending}
        disabled={update.isPending}
        style={{ width: '100%' }}
        options={LANGUAGES.map((language) => ({ value: language, label: t(`profile.language.names.${language}`) }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('profile.language.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
