import { useState } from 'react';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Popconfirm, Skeleton, Typography, Upload } from 'antd';
import type { CompanyProfileDto } from '@zunft/contracts';
import { serverErrorOr, toast, toastFailure } from '@zunft/web-common';
import { zunftColors } from '@zunft/ui-kit';
import { useAdminT } from '../../../shared/i18n';
import { useDeleteLogo, useUploadLogo } from '../api/useCompany';
import { LOGO_ACCEPT, checkLogoFile } from './logoFile';

/** Current logo with upload (POST /companies/logo, field 'logo') and removal (DELETE). */
export function LogoCard({ profile }: { profile: CompanyProfileDto | undefined }) {
  const t = useAdminT();
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const logoUrl = profile?.logo_url ?? null;

  const pick = (file: File) => {
    const issue = checkLogoFile(file);
    if (issue) {
      const text = issue === 'tooLarge' ? t('settings.general.logoTooLarge') : t('settings.general.logoBadType');
      setProblem(text);
      toast.error(text);
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => toast.success(t('settings.toasts.logoUploaded')),
      onError: (error) => {
        const text = serverErrorOr(error, t('settings.toasts.uploadLogoError'));
        setProblem(text);
        toast.error(text);
      },
    });
  };

  return (
    <Card title={t('settings.general.logoTitle')}>
      {!profile ? (
        <Skeleton.Image active />
      ) : (
        <Flex vertical gap={16}>
          <Flex
            align="center"
            justify="center"
            style={{
              height: 140,
              borderRadius: 10,
              border: `1px dashed ${zunftColors.border}`,
              background: '#fafbfc',
              padding: 12,
            }}
          >
            {logoUrl ? (
              <img
                src={logoUrl}
                alt={t('settings.general.logoAlt')}
                style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
              />
            ) : (
              <Flex vertical align="center" gap={6} style={{ color: zunftColors.muted }}>
                <PictureOutlined style={{ fontSize: 28 }} />
                <span>{t('settings.general.noLogo')}</span>
              </Flex>
            )}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('settings.general.logoHint')}
          </Typography.Text>
          {problem ? <Alert type="error" showIcon title={problem} /> : null}
          <Flex gap={8} wrap="wrap">
            <Upload
              accept={LOGO_ACCEPT}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                pick(file);
                // Never let antd upload by itself: the API client adds the token and error handling.
                return Upload.LIST_IGNORE;
              }}
              disabled={upload.isPending || remove.isPending}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {logoUrl ? t('settings.general.replace') : t('settings.general.upload')}
              </Button>
            </Upload>
            {logoUrl ? (
              <Popconfirm
                title={t('settings.general.removeConfirm')}
                okText={t('settings.general.remove')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove
                    .mutateAsync(undefined, {
                      onSuccess: () => {
                        setProblem(null);
                        toast.success(t('settings.toasts.logoRemoved'));
                      },
                      onError: (error) => toastFailure(error, t('settings.toasts.removeLogoError')),
                    })
                    .catch(() => undefined)
                }
              >
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending} disabled={upload.isPending}>
                  {t('settings.general.remove')}
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
