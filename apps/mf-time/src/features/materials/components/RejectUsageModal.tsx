import { rejectMaterialUsageRequestSchema, type MaterialUsageDto } from '@zunft/contracts';
import { toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { RejectReasonModal } from '../../../shared/RejectReasonModal';
import { useRejectUsage } from '../api/useMaterials';

/** The office rejects a pending usage with a required reason (POST /materials/usage/{id}/reject). */
export function RejectUsageModal({ usage, onClose }: { usage: MaterialUsageDto | null; onClose: () => void }) {
  const t = useTimeT();
  const reject = useRejectUsage();

  const submit = async (reason: string) => {
    if (!usage) return;
    try {
      await reject.mutateAsync({ id: usage.id, reason });
      toast.success(t('materials.toast.usageRejected'));
      onClose();
    } catch (error) {
      toastFailure(error, t('materials.toast.rejectError'));
    }
  };

  return (
    <RejectReasonModal
      open={usage !== null}
      title={t('materials.usage.rejectTitle')}
      okText={t('materials.usage.reject')}
      reasonLabel={t('materials.usage.reason')}
      reasonSchema={rejectMaterialUsageRequestSchema.shape.reason}
      summary={usage ? `${usage.material_name} · ${usage.project_title} · ${usage.user_name}` : null}
      formName="reject-usage"
      pending={reject.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
