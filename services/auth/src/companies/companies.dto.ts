import type {
  closeCompanyRequestSchema,
  CompanyProfileDto,
  CompanySettingsDto,
  EventData,
  updateCompanyProfileRequestSchema,
  updateCompanySettingsRequestSchema,
} from '@zunft/contracts';
import type { z } from 'zod';
import type { SettingsPatch } from './companies.repository.js';
import type { CompanySettingsEntity } from './company-settings.entity.js';
import type { CompanyEntity } from './company.entity.js';

export type UpdateCompanyProfileInput = z.output<typeof updateCompanyProfileRequestSchema>;
export type UpdateCompanySettingsInput = z.output<typeof updateCompanySettingsRequestSchema>;
export type CloseCompanyInput = z.output<typeof closeCompanyRequestSchema>;

/** Logos are served publicly under an unguessable file name (32 random hex characters). */
export const LOGO_ROUTE_PREFIX = '/api/companies/logo/';
export const LOGO_FILE_PATTERN = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
export const LOGO_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export function logoUrl(logoPath: string | null): string | null {
  if (!logoPath) return null;
  return LOGO_ROUTE_PREFIX + logoPath.slice(logoPath.lastIndexOf('/') + 1);
}

export function toCompanyProfileDto(company: CompanyEntity): CompanyProfileDto {
  return {
    name: company.name,
    email: company.email,
    phone: company.phone,
    website: company.website,
    address: company.address,
    street: company.street ?? null,
    house_number: company.houseNumber ?? null,
    zip: company.zip ?? null,
    city: company.city ?? null,
    country: company.country ?? 'CH',
    logo_url: logoUrl(company.logoPath),
  };
}

export function toProfileEventData(company: CompanyEntity): EventData<'auth.company.profile-updated'> {
  return {
    name: company.name,
    email: company.email,
    phone: company.phone,
    website: company.website,
    address: company.address,
    logoUrl: logoUrl(company.logoPath),
    street: company.street ?? null,
    houseNumber: company.houseNumber ?? null,
    zip: company.zip ?? null,
    city: company.city ?? null,
    country: company.country ?? 'CH',
  };
}

export function toCompanySettingsDto(s: CompanySettingsEntity): CompanySettingsDto {
  return {
    default_hourly_rate: s.defaultHourlyRate,
    currency: s.currency,
    language: s.language,
    timezone: s.timezone,
    auto_approve_time_entries: s.autoApproveTimeEntries,
    auto_approve_material_usage: s.autoApproveMaterialUsage,
    require_project_notes: s.requireProjectNotes,
    auto_calculate_surcharges: s.autoCalculateSurcharges,
    saturday_surcharge: s.saturdaySurcharge,
    sunday_surcharge: s.sundaySurcharge,
    night_surcharge: s.nightSurcharge,
    company_iban: s.companyIban,
    vat_number: s.vatNumber,
    vat_rate: s.vatRate,
    payment_terms: s.paymentTerms,
    reminder_fee_level_1: s.reminderFeeLevel1,
    reminder_fee_level_2: s.reminderFeeLevel2,
    reminder_fee_level_3: s.reminderFeeLevel3,
    reminder_fee_level_4: s.reminderFeeLevel4,
    default_interest_enabled: s.defaultInterestEnabled,
    default_interest_rate: s.defaultInterestRate,
    interest_from_due_date: s.interestFromDueDate,
    auto_reminders_enabled: s.autoRemindersEnabled,
    reminder_interval_days: s.reminderIntervalDays,
    gps_enabled: s.gpsEnabled,
    canton: s.canton,
    surcharge_mode: s.surchargeMode,
    night_start: s.nightStart,
    night_end: s.nightEnd,
    weekly_max_hours: s.weeklyMaxHours,
    gps_retention_days: s.gpsRetentionDays,
  };
}

/** Only the fields the request carries change (PUT with a partial body, as the settings tabs send). */
export function toSettingsPatch(input: UpdateCompanySettingsInput): SettingsPatch {
  const patch: SettingsPatch = {};
  if (input.default_hourly_rate !== undefined) patch.defaultHourlyRate = input.default_hourly_rate;
  if (input.currency !== undefined) patch.currency = input.currency;
  if (input.language !== undefined) patch.language = input.language;
  if (input.timezone !== undefined) patch.timezone = input.timezone;
  if (input.auto_approve_time_entries !== undefined) patch.autoApproveTimeEntries = input.auto_approve_time_entries;
  if (input.auto_approve_material_usage !== undefined)
    patch.autoApproveMaterialUsage = input.auto_approve_material_usage;
  if (input.require_project_notes !== undefined) patch.requireProjectNotes = input.require_project_notes;
  if (input.auto_calculate_surcharges !== undefined) patch.autoCalculateSurcharges = input.auto_calculate_surcharges;
  if (input.saturday_surcharge !== undefined) patch.saturdaySurcharge = input.saturday_surcharge;
  if (input.sunday_surcharge !== undefined) patch.sundaySurcharge = input.sunday_surcharge;
  if (input.night_surcharge !== undefined) patch.nightSurcharge = input.night_surcharge;
  if (input.company_iban !== undefined) patch.companyIban = input.company_iban;
  if (input.vat_number !== undefined) patch.vatNumber = input.vat_number;
  if (input.vat_rate !== undefined) patch.vatRate = input.vat_rate;
  if (input.payment_terms !== undefined) patch.paymentTerms = input.payment_terms;
  if (input.reminder_fee_level_1 !== undefined) patch.reminderFeeLevel1 = input.reminder_fee_level_1;
  if (input.reminder_fee_level_2 !== undefined) patch.reminderFeeLevel2 = input.reminder_fee_level_2;
  if (input.reminder_fee_level_3 !== undefined) patch.reminderFeeLevel3 = input.reminder_fee_level_3;
  if (input.reminder_fee_level_4 !== undefined) patch.reminderFeeLevel4 = input.reminder_fee_level_4;
  if (input.default_interest_enabled !== undefined) patch.defaultInterestEnabled = input.default_interest_enabled;
  if (input.default_interest_rate !== undefined) patch.defaultInterestRate = input.default_interest_rate;
  if (input.interest_from_due_date !== undefined) patch.interestFromDueDate = input.interest_from_due_date;
  if (input.auto_reminders_enabled !== undefined) patch.autoRemindersEnabled = input.auto_reminders_enabled;
  if (input.reminder_interval_days !== undefined) patch.reminderIntervalDays = input.reminder_interval_days;
  if (input.gps_enabled !== undefined) patch.gpsEnabled = input.gps_enabled;
  if (input.canton !== undefined) patch.canton = input.canton;
  if (input.surcharge_mode !== undefined) patch.surchargeMode = input.surcharge_mode;
  if (input.night_start !== undefined) patch.nightStart = input.night_start;
  if (input.night_end !== undefined) patch.nightEnd = input.night_end;
  if (input.weekly_max_hours !== undefined) patch.weeklyMaxHours = input.weekly_max_hours;
  if (input.gps_retention_days !== undefined) patch.gpsRetentionDays = input.gps_retention_days;
  return patch;
}
