import { CheckCircleFilled } from '@ant-design/icons';
import { Card, Col, Descriptions, Flex, Row, Typography } from 'antd';
import { LANGUAGES, type Language } from '@zunft/contracts';
import { useSession } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useAdminT } from '../../../shared/i18n';
import { useCompanyProfileQuery, useCompanySettingsQuery } from '../api/useCompany';

/** Tab 'Konto': what the plan includes (unlimited projects and invoices) and the company's ids. */
export function AccountTab() {
  const t = useAdminT();
  const { user } = useSession();
  const profile = useCompanyProfileQuery();
  const settings = useCompanySettingsQuery();
  const language: Language | null =
    settings.data?.language ??
    (user?.companyLanguage && LANGUAGES.includes(user.companyLanguage) ? user.companyLanguage : null);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t('settings.account.planTitle')} style={{ height: '100%' }}>
          <Flex vertical gap={12}>
            {(['projects', 'invoices'] as const).map((key) => (
              <Flex key={key} justify="space-between" align="center" gap={12}>
                <Flex gap={8} align="center">
                  <CheckCircleFilled style={{ color: zunftColors.success }} />
                  <Typography.Text>{t(`settings.account.${key}`)}</Typography.Text>
                </Flex>
                <Typography.Text strong>{t('settings.account.unlimited')}</Typography.Text>
              </Flex>
            ))}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('settings.account.title')} style={{ height: '100%' }}>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'company',
                label: t('settings.account.company'),
                children: profile.data?.name ?? user?.companyName ?? t('common.notSet'),
              },
              {
                key: 'companyId',
                label: t('settings.account.companyId'),
                children: user ? (
                  <Typography.Text
                    copyable
                    style={{
                      wordBreak: 'break-all',
                      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                      fontSize: 13,
                    }}
                  >
                    {user.companyId}
                  </Typography.Text>
                ) : (
                  t('common.notSet')
                ),
              },
              {
                key: 'language',
                label: t('settings.account.language'),
                children: language ? t(`languages.${language}`) : t('common.notSet'),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
