import { z } from 'zod';
import { CURRENCIES, LANGUAGES, TIMEZONES, emptyToNull, textSchema } from './common.js';
import { isSwissIban, isSwissVatNumber, normalizeIban } from './validators.js';
import {
  DEFAULT_WORKING_TIME_SETTINGS,
  workingTimeSettingsFields,
  type WorkingTimeSettingsDto,
} from './working-time.js';

/** GET/PUT /companies/profile */
export interface CompanyProfileDto {
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  /** Structured address for the QR bill (address type S); `address` stays the free text. */
  street: string | null;
  house_number: string | null;
  zip: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2, default CH. */
  country: string;
  logo_url: string | null;
}

const optionalText = (label: string, max: number) =>
  z
    .preprocess(emptyToNull, textSchema().trim().max(max, `${label} ist zu lang (max. ${max} Zeichen)`).nullable())
    .optional();

export const updateCompanyProfileRequestSchema = z.object({
  name: z
    .string({ error: 'Firmenname ist erforderlich' })
    .trim()
    .min(1, 'Firmenname ist erforderlich')
    .max(200, 'Firmenname ist zu lang'),
  email: z
    .string({ error: 'E-Mail ist erforderlich' })
    .trim()
    .toLowerCase()
    .min(1, 'E-Mail ist erforderlich')
    .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' })),
  phone: optionalText('Telefon', 50),
  website: z
    .preprocess(
      emptyToNull,
      z.url({ error: 'Bitte geben Sie eine gültige Webadresse ein (z. B. https://beispiel.ch)' }).max(300).nullable(),
    )
    .optional(),
  address: optionalText('Adresse', 500),
  street: optionalText('Strasse', 70),
  house_number: optionalText('Hausnummer', 16),
  zip: optionalText('PLZ', 16),
  city: optionalText('Ort', 35),
  country: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.string().regex(/^[A-Z]{2}$/, 'Land: zweistelliger ISO-Code (z. B. CH)'),
    )
    .optional(),
});
export type UpdateCompanyProfileRequest = z.input<typeof updateCompanyProfileRequestSchema>;

/** GET/PUT /companies/settings (part 2 §3; defaults of §9; working time: issue 24). */
export interface CompanySettingsDto extends WorkingTimeSettingsDto {
  default_hourly_rate: number;
  currency: (typeof CURRENCIES)[number];
  language: (typeof LANGUAGES)[number];
  timezone: (typeof TIMEZONES)[number];
  auto_approve_time_entries: boolean;
  auto_approve_material_usage: boolean;
  require_project_notes: boolean;
  auto_calculate_surcharges: boolean;
  saturday_surcharge: number;
  sunday_surcharge: number;
  night_surcharge: number;
  company_iban: string | null;
  vat_number: string | null;
  vat_rate: number;
  payment_terms: number;
  /** Reminder fees per level in CHF (Erinnerung, 1. Mahnung, 2. Mahnung, Letzte Mahnung). */
  reminder_fee_level_1: number;
  reminder_fee_level_2: number;
  reminder_fee_level_3: number;
  reminder_fee_level_4: number;
  /** Default interest (OR 104) on reminders, from the day after the due date. */
  default_interest_enabled: boolean;
  default_interest_rate: number;
  /**
   * Interest runs from the day after the due date (an agreed due date, OR 102 para. 2) instead of
   * from the first reminder (OR 102 para. 1). Off by default.
   */
  interest_from_due_date: boolean;
  /** The daily job sends the next reminder level by itself, every `reminder_interval_days`. */
  auto_reminders_enabled: boolean;
  reminder_interval_days: number;
  /**
   * Time entries take the position once at timer start and stop (never in between), if the user
   * agrees in the browser too. Off by default: privacy first, the company has to switch it on.
   */
  gps_enabled: boolean;
}

export const DEFAULT_COMPANY_SETTINGS: CompanySettingsDto = {
  default_hourly_rate: 0,
  currency: 'CHF',
  language: 'de',
  timezone: 'Europe/Zurich',
  auto_approve_time_entries: false,
  auto_approve_material_usage: false,
  require_project_notes: false,
  auto_calculate_surcharges: true,
  saturday_surcharge: 25,
  sunday_surcharge: 50,
  night_surcharge: 25,
  company_iban: null,
  vat_number: null,
  vat_rate: 8.1,
  payment_terms: 30,
  reminder_fee_level_1: 0,
  reminder_fee_level_2: 0,
  reminder_fee_level_3: 0,
  reminder_fee_level_4: 0,
  default_interest_enabled: false,
  default_interest_rate: 5,
  interest_from_due_date: false,
  auto_reminders_enabled: false,
  reminder_interval_days: 14,
  gps_enabled: false,
  ...DEFAULT_WORKING_TIME_SETTINGS,
};

const percent = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .min(0, `${label} muss zwischen 0 und 100 liegen`)
    .max(100, `${label} muss zwischen 0 und 100 liegen`)
    .multipleOf(0.1, `${label}: höchstens eine Nachkommastelle`);

const reminderFee = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .min(0, `${label} darf nicht negativ sein`)
    .max(10000, `${label} ist zu hoch`)
    .multipleOf(0.01, `${label}: höchstens zwei Nachkommastellen`);

/** PUT /companies/settings: every field optional, only given fields change. */
export const updateCompanySettingsRequestSchema = z
  .object({
    default_hourly_rate: z.coerce
      .number({ error: 'Stundensatz muss eine Zahl sein' })
      .min(0, 'Stundensatz darf nicht negativ sein')
      .max(100000, 'Stundensatz ist zu hoch')
      .multipleOf(0.01, 'Stundensatz: höchstens zwei Nachkommastellen'),
    currency: z.enum(CURRENCIES, { error: 'Ungültige Währung. Erlaubt: CHF, EUR' }),
    language: z.enum(LANGUAGES, { error: 'Ungültige Sprache. Erlaubt: de, fr, it' }),
    timezone: z.enum(TIMEZONES, { error: 'Ungültige Zeitzone. Erlaubt: Europe/Zurich, Europe/Geneva' }),
    auto_approve_time_entries: z.boolean({ error: 'Ungültiger Wert für automatische Genehmigung' }),
    auto_approve_material_usage: z.boolean({ error: 'Ungültiger Wert für automatische Genehmigung' }),
    require_project_notes: z.boolean({ error: 'Ungültiger Wert für Projektnotizen' }),
    auto_calculate_surcharges: z.boolean({ error: 'Ungültiger Wert für Zuschlagsberechnung' }),
    saturday_surcharge: percent('Samstagszuschlag'),
    sunday_surcharge: percent('Sonntagszuschlag'),
    night_surcharge: percent('Nachtzuschlag'),
    company_iban: z.preprocess(
      emptyToNull,
      z
        .string()
        .transform(normalizeIban)
        .refine(
          isSwissIban,
          'Ungültige IBAN. Erwartet wird eine Schweizer oder Liechtensteiner IBAN bzw. QR-IBAN (z. B. CH93 0076 2011 6238 5295 7)',
        )
        .nullable(),
    ),
    vat_number: z.preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .refine(isSwissVatNumber, 'Ungültige MWST-Nummer. Format: CHE-123.456.789 MWST (oder TVA / IVA)')
        .nullable(),
    ),
    vat_rate: percent('MWST-Satz'),
    payment_terms: z.coerce
      .number({ error: 'Zahlungsfrist muss eine Zahl sein' })
      .int('Zahlungsfrist muss eine ganze Zahl sein')
      .min(1, 'Zahlungsfrist muss mindestens 1 Tag sein')
      .max(365, 'Zahlungsfrist darf höchstens 365 Tage sein'),
    reminder_fee_level_1: reminderFee('Gebühr Erinnerung'),
    reminder_fee_level_2: reminderFee('Gebühr 1. Mahnung'),
    reminder_fee_level_3: reminderFee('Gebühr 2. Mahnung'),
    reminder_fee_level_4: reminderFee('Gebühr letzte Mahnung'),
    default_interest_enabled: z.boolean({ error: 'Ungültiger Wert für Verzugszins' }),
    default_interest_rate: z.coerce
      .number({ error: 'Verzugszins muss eine Zahl sein' })
      .min(0, 'Verzugszins muss zwischen 0 und 100 liegen')
      .max(100, 'Verzugszins muss zwischen 0 und 100 liegen')
      .multipleOf(0.01, 'Verzugszins: höchstens zwei Nachkommastellen'),
    interest_from_due_date: z.boolean({ error: 'Ungültiger Wert für Verzugszins ab Fälligkeit' }),
    auto_reminders_enabled: z.boolean({ error: 'Ungültiger Wert für automatische Mahnungen' }),
    reminder_interval_days: z.coerce
      .number({ error: 'Mahnintervall muss eine Zahl sein' })
      .int('Mahnintervall muss eine ganze Zahl sein')
      .min(1, 'Mahnintervall muss zwischen 1 und 365 Tagen liegen')
      .max(365, 'Mahnintervall muss zwischen 1 und 365 Tagen liegen'),
    gps_enabled: z.boolean({ error: 'Ungültiger Wert für Standorterfassung' }),
    ...workingTimeSettingsFields,
  })
  .partial();
// Unknown fields are ignored (stripped) here as in every other request schema.
export type UpdateCompanySettingsRequest = z.input<typeof updateCompanySettingsRequestSchema>;

/** DELETE /companies/logo answer: { message }. GET of the image itself is public (unguessable URL). */

/** POST /companies/logo answer. */
export interface LogoUploadResponse {
  logoUrl: string;
}

export const LOGO_ERRORS = {
  tooLarge: 'Die Datei ist zu gross. Maximale Grösse: 5MB',
  badType: 'Ungültiger Dateityp. Erlaubt: JPG, PNG, GIF, WebP',
  missing: 'Bitte wählen Sie eine Datei aus',
} as const;

/** GET /subscriptions/status */
export interface SubscriptionStatusResponse {
  subscription: {
    status: string;
    subscription_status: string;
    trial_ends_at: string | null;
    next_billing_date: string | null;
    billing_cycle: 'monthly' | 'yearly' | null;
    /** Why payment is needed (trial_expired, payment_failed, cancelled), else null. */
    reason?: string | null;
    /** Days left after a failed payment before the company is suspended, else null. */
    gracePeriodDaysRemaining?: number | null;
    cancel_at_period_end?: boolean;
    paid_seats?: number;
  };
  subscription_info: { days_remaining: number | null; requires_payment: boolean };
  pricing: { current_users: number; price_per_user_monthly: number; price_per_user_yearly: number };
}
