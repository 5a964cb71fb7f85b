import { useEffect } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { rejectMaterialUsageRequestSchema, type MaterialUsageDto } from '@zunft/contracts';
import { toast } from '@zunft/web-common';
import { serverErrorOr } from '../../../shared/errors';
import { useTimeT } from '../../../shared/i18n';
import { useIsMobile } from '../../../shared/useIsMobile';
import { zodRule } from '../../../shared/zodRule';
import { useRejectUsage } from '../api/useMaterials';

/** The office rejects a pending usage with a required reason (POST /materials/usage/{id}/reject). */
export function RejectUsageModal({ usage, onClose }: { usage: MaterialUsageDto | null; onClose: () => void }) {
  const t = useTimeT();
  const [form] = Form.useForm<{ reason?: string }>();
  const isMobile = useIsMobile();
  const reject = useRejectUsage();

  useEffect(() => {
    if (usage) form.resetFields();
  }, [usage, form]);

  const submit = async ({ reason }: { reason?: string }) => {
    if (!usage) return;
    try {
      await reject.mutateAsync({ id: usage.id, reason: (reason ?? '').trim() });
      toast.success(t('materials.toast.usageRejected'));
      onClose();
    } catch (error) {
      toast.error(serverErrorOr(error, t('materials.toast.rejectError')));
    }
  };

  return (
    <Modal
      open={usage !== null}
      title={t('materials.usage.rejectTitle')}
      okText={t('materials.usage.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reject.isPending}
      width={isMobile ? '100%' : 480}
      destroyOnHidden
      forceRender
    >
      {usage ? (
        <Typography.Paragraph type="secondary">
          {usage.material_name} · {usage.project_title} · {usage.user_name}
        </Typography.Paragraph>
      ) : null}
      <Form name="reject-usage" form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="reason"
          label={t('materials.usage.reason')}
          required
          rules={[zodRule(rejectMaterialUsageRequestSchema.shape.reason)]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
