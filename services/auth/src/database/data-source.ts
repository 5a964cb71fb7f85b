import { EVENT_ENTITIES, EVENT_MIGRATIONS, QUOTA_MIGRATIONS } from '@zunft/nest-common';
import type { DataSourceOptions } from 'typeorm';
import { InitAuth1763600000000 } from '../migrations/1763600000000-init-auth.js';
import { PreviousLogin1764300000000 } from '../migrations/1764300000000-previous-login.js';
import { Subscriptions1764500000000 } from '../migrations/1764500000000-subscriptions.js';
import { CompanyInvoicing1764600000000 } from '../migrations/1764600000000-company-invoicing.js';
import { StoredFiles1765000000000 } from '../migrations/1765000000000-stored-files.js';
import { UserLanguage1765100000000 } from '../migrations/1765100000000-user-language.js';
import { CompanyGps1765200000000 } from '../migrations/1765200000000-company-gps.js';
import { LoginThrottles1795877650603 } from '../migrations/1795877650603-login-throttles.js';
import { WorkingTime1795877875647 } from '../migrations/1795877875647-working-time.js';
import { SessionsValidAfter1795878024928 } from '../migrations/1795878024928-sessions-valid-after.js';
import { EmailVerification1795881031286 } from '../migrations/1795881031286-email-verification.js';
import { AuditLog1795889378334 } from '../migrations/1795889378334-audit-log.js';
import { InterestFromDueDate1795890161630 } from '../migrations/1795890161630-interest-from-due-date.js';
import { AccountantRole1795890994225 } from '../migrations/1795890994225-accountant-role.js';
import { CompanyMemberships1795899537950 } from '../migrations/1795899537950-company-memberships.js';
import { CompanyClosed1795899584643 } from '../migrations/1795899584643-company-closed.js';
import { AUTH_ENTITIES } from './entities.js';

/** Migrations (the shared outbox tables, then ours). Add new ones at the end; never edit one that has landed. */
export const AUTH_MIGRATIONS = [
  ...EVENT_MIGRATIONS,
  InitAuth1763600000000,
  PreviousLogin1764300000000,
  Subscriptions1764500000000,
  CompanyInvoicing1764600000000,
  StoredFiles1765000000000,
  UserLanguage1765100000000,
  CompanyGps1765200000000,
  LoginThrottles1795877650603,
  WorkingTime1795877875647,
  SessionsValidAfter1795878024928,
  EmailVerification1795881031286,
  AuditLog1795889378334,
  InterestFromDueDate1795890161630,
  AccountantRole1795890994225,
  CompanyMemberships1795899537950,
  CompanyClosed1795899584643,
  // daily quotas' counters (issue 25): logo uploads count against the company's storage of the day
  ...QUOTA_MIGRATIONS,
];

/** The one DataSource definition, used by the app (migrations run at boot), migrate.js and the CLIs. */
export function authDataSourceOptions(url: string, options: { migrationsRun?: boolean } = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [...AUTH_ENTITIES, ...EVENT_ENTITIES],
    migrations: AUTH_MIGRATIONS,
    migrationsRun: options.migrationsRun ?? true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    applicationName: 'zunft-auth',
  };
}
