import { updateCompanySettingsRequestSchema, type UpdateCompanySettingsRequest } from '@zunft/contracts';
import { toast, toastFailure } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { useUpdateCompanySettings } from '../api/useCompany';

/** Saves a part of the company settings (PUT accepts any subset) with the tab's error text. */
export function useSettingsSave(errorKey: 'settings.toasts.saveSystemError' | 'settings.toasts.saveBillingError') {
  const t = useAdminT();
  const mutation = useUpdateCompanySettings();
  const save = (values: UpdateCompanySettingsRequest) => {
    const parsed = updateCompanySettingsRequestSchema.safeParse(values);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? t(errorKey));
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => toast.success(t('settings.toasts.settingsSaved')),
      onError: (error) => toastFailure(error, t(errorKey)),
    });
  };
  return { save, saving: mutation.isPending };
}

export const settingsFields = updateCompanySettingsRequestSchema.shape;
