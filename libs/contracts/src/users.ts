import { z } from 'zod';
import { emailSchema, passwordSchema, requiredName } from './auth.js';
import { emptyToNull, languageSchema, roleSchema, type Language, type Role } from './common.js';
import { employmentFields, type EmploymentDto } from './working-time.js';

const hourlyRate = z.preprocess(
  emptyToNull,
  z.coerce
    .number({ error: 'Stundensatz muss eine Zahl sein' })
    .min(0, 'Stundensatz darf nicht negativ sein')
    .max(100000, 'Stundensatz ist zu hoch')
    .multipleOf(0.01, 'Stundensatz: höchstens zwei Nachkommastellen')
    .nullable(),
);

const craftsmanCategory = z.preprocess(
  emptyToNull,
  z.string().trim().max(100, 'Handwerksbereich ist zu lang').nullable(),
);

/** POST /users */
export const createUserRequestSchema = z.object({
  firstName: requiredName('Vorname'),
  lastName: requiredName('Nachname'),
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema,
  craftsmanCategory: craftsmanCategory.optional(),
  hourlyRate: hourlyRate.optional(),
  isActive: z.boolean().optional().default(true),
  /** Without it the new user gets the company's language. */
  language: languageSchema.optional(),
  /** Working time (issue 24): pensum, weekly hours at 100 %, holiday days, employment start. */
  ...employmentFields,
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** PUT /users/{id} (all fields optional; password is never changed here). */
export const updateUserRequestSchema = z.object({
  firstName: requiredName('Vorname').optional(),
  lastName: requiredName('Nachname').optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  craftsmanCategory: craftsmanCategory.optional(),
  hourlyRate: hourlyRate.optional(),
  isActive: z.boolean().optional(),
  /** The admin may set a user's language too (the user changes their own in the profile). */
  language: languageSchema.optional(),
  /** Working time (issue 24): pensum, weekly hours at 100 %, holiday days, employment start. */
  ...employmentFields,
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/**
 * A user as listed on the users screen (part 2 §3 "User"). The working-time fields (issue 24) are
 * always sent by auth; optional in the type for older fixtures.
 */
export interface UserDto extends Partial<EmploymentDto> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  craftsman_category: string | null;
  hourly_rate: number | null;
  is_active: boolean;
  /** The user's language (de/fr/it). */
  language?: Language;
  created_at: string;
  last_login_at: string | null;
  /** A fiduciary's access from their own account (issue 26: invited, one person in several companies). */
  linked_account?: boolean;
}

/** GET /users: the company's users (permanently deleted ones excluded), by last name. */
export type UserListResponse = UserDto[];
/** POST /users, PUT /users/{id}, PUT /users/{id}/deactivate|activate answer. */
export type UserResponse = UserDto;

/** Counts other services report when a user is permanently deleted. */
export interface DependenciesUpdated {
  time_entries: number;
  expenses: number;
  material_usage: number;
  reports: number;
}

/** DELETE /users/{id} */
export interface DeleteUserResponse {
  message: string;
  dependencies_updated: DependenciesUpdated;
}

export interface CraftsmanCategoryDto {
  id: string;
  name: string;
}

/** GET /users/craftsman-categories (sorted by name); POST answers one CraftsmanCategoryDto. */
export type CraftsmanCategoryListResponse = CraftsmanCategoryDto[];

/** Trades every new company starts with (part 1 §1: Swiss craft businesses). */
export const DEFAULT_CRAFTSMAN_CATEGORIES = [
  'Elektriker',
  'Sanitär',
  'Heizung',
  'Schreiner',
  'Zimmermann',
  'Maler',
  'Gipser',
  'Maurer',
  'Dachdecker',
  'Spengler',
  'Plattenleger',
  'Bodenleger',
  'Gärtner',
  'Metallbauer',
] as const;

/** POST /users/craftsman-categories */
export const createCraftsmanCategoryRequestSchema = z.object({
  name: requiredName('Name des Handwerksbereichs'),
});
