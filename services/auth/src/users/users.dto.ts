import type {
  CraftsmanCategoryDto,
  EmploymentDto,
  EventData,
  UserDto,
  createCraftsmanCategoryRequestSchema,
  createUserRequestSchema,
  updateUserRequestSchema,
} from '@zunft/contracts';
import type { z } from 'zod';
import type { CraftsmanCategoryEntity } from './craftsman-category.entity.js';
import type { UserEntity } from './user.entity.js';

export type CreateUserInput = z.output<typeof createUserRequestSchema>;
export type UpdateUserInput = z.output<typeof updateUserRequestSchema>;
export type CreateCraftsmanCategoryInput = z.output<typeof createCraftsmanCategoryRequestSchema>;

export const ANONYMISED_FIRST_NAME = 'Gelöschter';
export const ANONYMISED_LAST_NAME = 'Benutzer';
export const ANONYMISED_NAME = `${ANONYMISED_FIRST_NAME} ${ANONYMISED_LAST_NAME}`;

export function toUserDto(user: UserEntity): UserDto {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: user.role,
    craftsman_category: user.craftsmanCategory,
    hourly_rate: user.hourlyRate,
    is_active: user.isActive,
    language: user.language,
    ...employmentOf(user),
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    ...(user.identityUserId ? { linked_account: true } : {}),
  };
}

export function toUserEventData(user: UserEntity): EventData<'auth.user.created'> {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    craftsmanCategory: user.craftsmanCategory,
    hourlyRate: user.hourlyRate,
    isActive: user.isActive,
    pensum: user.pensum,
    weeklyHours: user.weeklyHours,
    holidayDaysPerYear: user.holidayDaysPerYear,
    employmentStart: employmentOf(user).employment_start,
  };
}

const zurichDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' });

/** The working-time fields (issue 24); without a start date the employment starts the day the user was created. */
export function employmentOf(user: UserEntity): EmploymentDto {
  return {
    pensum: user.pensum,
    weekly_hours: user.weeklyHours,
    holiday_days_per_year: user.holidayDaysPerYear,
    employment_start: user.employmentStart ?? zurichDay.format(user.createdAt),
  };
}

export function toCraftsmanCategoryDto(category: CraftsmanCategoryEntity): CraftsmanCategoryDto {
  return { id: category.id, name: category.name };
}
