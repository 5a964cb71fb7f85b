import { useRef, useState } from 'react';
import { DeleteOutlined, FileImageOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Progress, Spin, Typography } from 'antd';
import type { ReportImageDto } from '@zunft/contracts';
import { toast, toastFailure } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { reportsApi } from '../api/reports.api';
import { useDeleteImage, useImageUrl, useRefreshReports } from '../api/useReports';

/** One thumbnail, loaded through the authenticated client; a generic icon when there is none. */
function Thumbnail({ image }: { image: ReportImageDto }) {
  const { src, failed } = useImageUrl(image.has_thumbnail ? image.thumbnail_url : null);
  const box = {
    width: '100%',
    aspectRatio: '4 / 3',
    borderRadius: 8,
    background: '#f2f4f7',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  } as const;
  if (!image.has_thumbnail || failed)
    return (
      <div style={box}>
        <FileImageOutlined style={{ fontSize: 32, color: '#8c98a9' }} />
      </div>
    );
  return (
    <div style={box}>
      {src ? (
        <img src={src} alt={image.filename} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Spin size="small" />
      )}
    </div>
  );
}

/**
 * The report's photos (part 2 §2, §5): thumbnails, upload of several files (any image type, each
 * its own request), delete with confirmation. `locked` (signed or approved): view only.
 */
export function ReportImages({
  reportId,
  images,
  locked,
}: {
  reportId: string;
  images: ReportImageDto[];
  locked: boolean;
}) {
  const t = useBillingT();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const remove = useDeleteImage();
  const refresh = useRefreshReports();

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setProgress({ done: 0, total: files.length });
    let uploaded = 0;
    let failure: unknown = null;
    for (const file of files) {
      try {
        await reportsApi.uploadImage(reportId, file);
        uploaded += 1;
      } catch (error) {
        failure ??= error;
      }
      setProgress({ done: uploaded, total: files.length });
    }
    setProgress(null);
    await refresh(reportId);
    if (uploaded > 0) toast.success(t('reports.toast.uploaded', { count: uploaded }));
    if (failure) toastFailure(failure, t('reports.toast.uploadError'));
  };

  const deleteImage = async (image: ReportImageDto) => {
    try {
      await remove.mutateAsync({ id: reportId, imageId: image.id });
      toast.success(t('reports.toast.imageDeleted'));
    } catch (error) {
      toastFailure(error, t('reports.toast.imageDeleteError'));
    }
  };

  return (
    <section aria-label={t('reports.detail.images')}>
      <Flex justify="space-between" align="center" wrap="wrap" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('reports.detail.imagesCount', { count: images.length })}
        </Typography.Title>
        {locked ? null : (
          <>
            <input
              ref={input}
              type="file"
              accept="image/*,.heic,.heif"
              multiple
              hidden
              data-testid="report-image-input"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                void upload(files);
              }}
            />
            <Button icon={<UploadOutlined />} loading={progress !== null} onClick={() => input.current?.click()}>
              {t('reports.detail.upload')}
            </Button>
          </>
        )}
      </Flex>
      {locked ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {t('reports.detail.imagesLocked')}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {t('reports.detail.uploadHint')}
        </Typography.Paragraph>
      )}
      {progress ? (
        <div role="status" style={{ marginBottom: 8 }}>
          <Typography.Text>{t('reports.detail.uploading', progress)}</Typography.Text>
          <Progress percent={Math.round((progress.done / progress.total) * 100)} size="small" />
        </div>
      ) : null}
      {images.length === 0 ? (
        <Typography.Text type="secondary">{t('reports.detail.noImages')}</Typography.Text>
      ) : (
        <ul
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 12,
            gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))',
          }}
        >
          {images.map((image) => (
            <li key={image.id} style={{ minWidth: 0 }}>
              <Thumbnail image={image} />
              <Flex align="center" justify="space-between" gap={4} style={{ marginTop: 4 }}>
                <Typography.Text ellipsis={{ tooltip: image.filename }} style={{ fontSize: 12, minWidth: 0 }}>
                  {image.filename}
                </Typography.Text>
                {locked ? null : (
                  <Popconfirm
                    title={t('reports.detail.imageDeleteConfirm', { name: image.filename })}
                    okText={t('common.delete')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => deleteImage(image)}
                  >
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('reports.detail.imageDelete')}: ${image.filename}`}
                    />
                  </Popconfirm>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
