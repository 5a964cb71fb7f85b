import type { INestApplicationContext } from '@nestjs/common';
import { updateCompanyProfileRequestSchema, updateCompanySettingsRequestSchema, type Role } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { EmailVerificationService, RegistrationService } from '../auth/index.js';
import { CompaniesService, CompanyRecords } from '../companies/index.js';
import type { Actor } from '../common/actor.js';
import { UserRecords, UsersService } from '../users/index.js';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_ADMIN_EMAIL = 'demo@zunft.ch';

const staff: Array<{
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  craftsmanCategory: string | null;
  hourlyRate: number | null;
}> = [
  {
    email: 'buero@zunft.ch',
    firstName: 'Monika',
    lastName: 'Brunner',
    role: 'backoffice',
    craftsmanCategory: null,
    hourlyRate: null,
  },
  {
    email: 'luca.meier@zunft.ch',
    firstName: 'Luca',
    lastName: 'Meier',
    role: 'employee',
    craftsmanCategory: 'Elektriker',
    hourlyRate: 95,
  },
  {
    email: 'sara.keller@zunft.ch',
    firstName: 'Sara',
    lastName: 'Keller',
    role: 'employee',
    craftsmanCategory: 'Elektriker',
    hourlyRate: 90,
  },
];

/**
 * Creates the demo company through the same services the API uses (so its events go out through
 * the outbox). Idempotent: existing users are kept; the demo trial restarts from today.
 */
export async function seedDemo(app: INestApplicationContext): Promise<{ companyId: string; created: string[] }> {
  const users = app.get(UserRecords);
  const created: string[] = [];
  let admin = await users.findByEmail(DEMO_ADMIN_EMAIL);
  if (!admin) {
    const result = await app.get(RegistrationService).registerCompany({
      companyName: 'Muster Elektro AG',
      firstName: 'Daniel',
      lastName: 'Muster',
      email: DEMO_ADMIN_EMAIL,
      password: DEMO_PASSWORD,
      language: 'de',
      rememberMe: true,
    });
    admin = result.user;
    created.push(DEMO_ADMIN_EMAIL);
    // A made-up address: the demo shows a company whose owner has confirmed it (no banner, no mail limit).
    await app.get(EmailVerificationService).confirmWithoutLink(admin.companyId);
    const actor: Actor = { userId: admin.id, companyId: admin.companyId, role: 'admin' };
    const companies = app.get(CompaniesService);
    await companies.updateProfile(
      actor,
      updateCompanyProfileRequestSchema.parse({
        name: 'Muster Elektro AG',
        email: 'info@muster-elektro.ch',
        phone: '+41 44 123 45 67',
        website: 'https://www.muster-elektro.ch',
        address: 'Hardstrasse 201, 8005 Zürich',
      }),
    );
    await companies.updateSettings(
      actor,
      updateCompanySettingsRequestSchema.parse({
        default_hourly_rate: 105,
        company_iban: 'CH93 0076 2011 6238 5295 7',
        vat_number: 'CHE-116.281.710 MWST',
      }),
    );
  } else {
    const days30 = new Date(Date.now() + 30 * 86_400_000);
    await app.get(CompanyRecords).restartTrial(TenantScope.forSystem(admin.companyId), days30);
  }
  const actor: Actor = { userId: admin.id, companyId: admin.companyId, role: 'admin' };
  for (const person of staff) {
    if (await users.findByEmail(person.email)) continue;
    await app.get(UsersService).create(actor, { ...person, password: DEMO_PASSWORD, isActive: true });
    created.push(person.email);
  }
  return { companyId: admin.companyId, created };
}
