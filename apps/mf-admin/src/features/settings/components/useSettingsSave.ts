import {
  translateValidationMessage,
  updateCompanySettingsRequestSchema,
  type UpdateCompanySettingsRequest,
} from '@zunft/contracts';
import { currentLanguage, toast, toastFailure } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { useUpdateCompanySettings } from '../api/useCompany';

/** Saves a part of the company settings (PUT accepts any subset) with the tab's error text. */
export function useSettingsSave(errorKey: 'settings.toasts.saveSystemError' | 'settings.toasts.saveBillingError') {
  const t = useAdminT();
  const mutation = useUpdateCompanySettings();
  const save = (values: UpdateCompanySettingsRequest) => {
    const parsed = updateCompanySettingsRequestSchema.safeParse(values);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      // The schema's German message, in the UI language (server catalogue, as the form rules do).
      if (message) void translateValidationMessage(message, currentLanguage()).then((text) => toast.error(text));
      else toast.error(t(errorKey));
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
