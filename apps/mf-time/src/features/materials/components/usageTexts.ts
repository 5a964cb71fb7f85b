import type { MaterialUsageDto } from '@zunft/contracts';
import type { useTimeT } from '../../../shared/i18n';
import { formatQuantity } from './materialHelpers';

/** The deletion question; an approved entry goes back on stock, so the question says so. */
export function usageDeleteQuestion(t: ReturnType<typeof useTimeT>, usage: MaterialUsageDto): string {
  return usage.status === 'approved'
    ? t('materials.usage.deleteApprovedConfirm', {
        quantity: formatQuantity(usage.quantity, usage.unit),
        material: usage.material_name,
      })
    : t('materials.usage.deleteConfirm');
}
