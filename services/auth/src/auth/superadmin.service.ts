import { Injectable } from '@nestjs/common';
import { TenantScope } from '@zunft/nest-common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CompanyRecords, type CompanyEntity } from '../companies/index.js';
import { sha256 } from '../sessions/sessions.service.js';
import { UserRecords, type UserEntity } from '../users/index.js';
import { AuthErrors } from './auth.errors.js';
import { SuperAdminTokensRepository } from './superadmin-tokens.repository.js';

export const SUPERADMIN_TOKEN_TTL_MS = 10 * 60 * 1000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Support access: the CLI issues a one-time token (10 minutes) for a company's admin; exchanging
 * it yields that admin's session marked isSuperAdmin.
 */
@Injectable()
export class SuperAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: SuperAdminTokensRepository,
    private readonly users: UserRecords,
    private readonly companies: CompanyRecords,
  ) {}

  /** For the super-admin token CLI, which runs without Nest (and without JWT keys). */
  static on(dataSource: DataSource): SuperAdminService {
    return new SuperAdminService(
      dataSource,
      new SuperAdminTokensRepository(dataSource),
      UserRecords.on(dataSource),
      CompanyRecords.on(dataSource),
    );
  }

  /** `companyRef` is a company id or the e-mail of one of its users. */
  async issue(
    companyRef: string,
  ): Promise<{ token: string; company: CompanyEntity; admin: UserEntity; expiresAt: Date }> {
    let companyId: string | null = null;
    if (uuidPattern.test(companyRef)) companyId = companyRef;
    else companyId = (await this.users.findByEmail(companyRef.trim()))?.companyId ?? null;
    if (!companyId) throw new Error(`No company found for "${companyRef}".`);
    const scope = TenantScope.forSystem(companyId);
    const company = await this.companies.find(scope);
    if (!company) throw new Error(`No company with id ${companyId}.`);
    const admin = await this.users.findPrimaryAdmin(scope);
    if (!admin) throw new Error(`Company "${company.name}" has no active admin.`);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SUPERADMIN_TOKEN_TTL_MS);
    await this.tokens.insert(scope, { userId: admin.id, tokenHash: sha256(token), expiresAt });
    return { token, company, admin, expiresAt };
  }

  /** Single use: the token is marked used in the same transaction that finds it. */
  exchange(token: string): Promise<{ user: UserEntity; company: CompanyEntity }> {
    return this.dataSource.transaction(async (m) => {
      const row = await this.tokens.findByHashForUpdate(m, sha256(token));
      const now = new Date();
      if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw AuthErrors.superAdminTokenInvalid();
      await this.tokens.markUsed(m, row.id, now);
      const scope = TenantScope.forSystem(row.companyId);
      const user = await this.users.findById(scope, row.userId, m);
      const company = await this.companies.find(scope, m);
      if (!user || !user.isActive || !company) throw AuthErrors.superAdminTokenInvalid();
      return { user, company };
    });
  }
}
