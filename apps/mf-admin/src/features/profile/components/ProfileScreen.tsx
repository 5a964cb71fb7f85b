import { useEffect } from 'react';
import { Col, Flex, Row } from 'antd';
import type { SessionUser } from '@zunft/contracts';
import { toast, useSession, toastFailure } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { useChangePassword, useUpdateProfile } from '../api/useProfile';
import { AccountFacts } from './AccountFacts';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LanguageCard } from './LanguageCard';
import { PersonalDataForm } from './PersonalDataForm';

/**
 * The own profile. Statistics and recent activity (GET /dashboard/user-stats) arrive with the
 * operations service; until then the screen shows no numbers rather than made-up ones.
 */
export function ProfileScreen({ user }: { user: SessionUser }) {
  const t = useAdminT();
  const { refreshProfile } = useSession();
  const updateProfile = useUpdateProfile();
  const changePassword = useChangePassword();

  // Craft and hourly rate may have been changed by an admin since sign-in: load them fresh.
  useEffect(() => {
    refreshProfile().catch((error: unknown) => toastFailure(error, t('profile.toasts.loadError')));
    // once per visit of the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Flex vertical gap={16}>
          <PersonalDataForm
            user={user}
            saving={updateProfile.isPending}
            onSubmit={(body) =>
              updateProfile.mutate(body, {
                onSuccess: () => toast.success(t('profile.toasts.saved')),
                onError: (error) => toastFailure(error, t('profile.toasts.saveError')),
              })
            }
          />
          <ChangePasswordForm
            username={user.email}
            saving={changePassword.isPending}
            onSubmit={(body) =>
              changePassword
                .mutateAsync(body)
                .then(() => {
                  toast.success(t('profile.toasts.passwordChanged'));
                  return true;
                })
                .catch((error: unknown) => {
                  toastFailure(error, t('profile.toasts.passwordError'));
                  return false;
                })
            }
          />
        </Flex>
      </Col>
      <Col xs={24} lg={10}>
        <Flex vertical gap={16}>
          <LanguageCard user={user} />
          <AccountFacts user={user} />
        </Flex>
      </Col>
    </Row>
  );
}
