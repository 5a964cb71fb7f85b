import { Col, Row } from 'antd';
import { LoadError } from '../../../shared/LoadError';
import { useAdminT } from '../../../shared/i18n';
import { useErrorToast } from '../../../shared/useErrorToast';
import { useCompanyProfileQuery } from '../api/useCompany';
import { CompanyProfileCard } from './CompanyProfileCard';
import { LogoCard } from './LogoCard';

/** Tab 'Allgemein': company data and logo. */
export function GeneralTab() {
  const t = useAdminT();
  const profile = useCompanyProfileQuery();
  useErrorToast(profile, t('settings.toasts.loadProfileError'));

  if (profile.isError && !profile.data) {
    return (
      <LoadError
        error={profile.error}
        fallback={t('settings.toasts.loadProfileError')}
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
