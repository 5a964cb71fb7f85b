import { Col, Row } from 'antd';
import { useAdminT } from '../../../shared/i18n';
import { useCompanyProfileQuery } from '../api/useCompany';
import { CompanyProfileCard } from './CompanyProfileCard';
import { LogoCard } from './LogoCard';
import { LoadError } from '@zunft/ui-kit';
import { serverErrorText, useErrorToast } from '@zunft/web-common';

/** Tab 'Allgemein': company data and logo. */
export function GeneralTab() {
  const t = useAdminT();
  const profile = useCompanyProfileQuery();
  useErrorToast(profile, t('settings.toasts.loadProfileError'));

  if (profile.isError && !profile.data) {
    return (
      <LoadError
        title={t('settings.toasts.loadProfileError')}
        detail={serverErrorText(profile.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={15}>
        <CompanyProfileCard profile={profile.data} />
      </Col>
      <Col xs={24} lg={9}>
        <LogoCard profile={profile.data} />
      </Col>
    </Row>
  );
}
