import { Injectable } from '@nestjs/common';
import type { Language } from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { CompanySettingsEntity } from './company-settings.entity.js';
import { CompanyEntity } from './company.entity.js';

type CompanyPatch = Partial<
  Pick<
    CompanyEntity,
    | 'name'
    | 'email'
    | 'phone'
    | 'website'
    | 'address'
    | 'street'
    | 'houseNumber'
    | 'zip'
    | 'city'
    | 'country'
    | 'logoPath'
    | 'language'
  >
>;
export type SettingsPatch = Partial<Omit<CompanySettingsEntity, 'companyId' | 'company' | 'updatedAt'>>;

/** Companies and their settings. Everything but `create` works on the scope's own company only. */
@Injectable()
export class CompaniesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private companies(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(CompanyEntity);
  }
  private settings(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(CompanySettingsEntity);
  }

  /** Registration: a new tenant with its settings row (spec defaults, the chosen language). */
  async create(
    m: EntityManager,
    data: { name: string; email: string; language: Language; trialEndsAt: Date },
  ): Promise<{ company: CompanyEntity; settings: CompanySettingsEntity }> {
    const company = await this.companies(m).save(
      this.companies(m).create({
        ...data,
        subscriptionStatus: 'trial',
        phone: null,
        website: null,
        address: null,
        logoPath: null,
      }),
    );
    await this.settings(m).insert({ companyId: company.id, language: data.language });
    const settings = await this.settings(m).findOneByOrFail({ companyId: company.id });
    return { company, settings };
  }

  find(scope: TenantScope, m?: EntityManager): Promise<CompanyEntity | null> {
    return this.companies(m).findOneBy({ id: scope.companyId });
  }

  /** The company whose current logo this is (public logo route; `logo_path` is indexed). */
  async findIdByLogoPath(logoPath: string, m?: EntityManager): Promise<string | null> {
    const company = await this.companies(m).findOne({ select: { id: true }, where: { logoPath } });
    return company?.id ?? null;
  }

  /** Reads the company for a change in the same transaction (row lock: no lost updates). */
  findForUpdate(scope: TenantScope, m: EntityManager): Promise<CompanyEntity | null> {
    return this.companies(m)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.id = :id', { id: scope.companyId })
      .getOne();
  }

  findSettings(scope: TenantScope, m?: EntityManager): Promise<CompanySettingsEntity | null> {
    return this.settings(m).findOneBy({ companyId: scope.companyId });
  }

  findSettingsForUpdate(scope: TenantScope, m: EntityManager): Promise<CompanySettingsEntity | null> {
    return this.settings(m)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.company_id = :id', { id: scope.companyId })
      .getOne();
  }

  async update(scope: TenantScope, patch: CompanyPatch, m: EntityManager): Promise<void> {
    if (Object.keys(patch).length > 0) await this.companies(m).update({ id: scope.companyId }, patch);
  }

  async updateSettings(scope: TenantScope, patch: SettingsPatch, m: EntityManager): Promise<void> {
    if (Object.keys(patch).length > 0) await this.settings(m).update({ companyId: scope.companyId }, patch);
  }

  /**
   * Whether the company's paid subscription still renews (active, not cancelled at the period's end):
   * such a company is not closed (issue 26). Reads the subscriptions room's row by its company key,
   * one boolean, so the companies room needs no Stripe code.
   */
  async subscriptionRenews(companyId: string, m: EntityManager): Promise<boolean> {
    const rows: Array<{ renews: boolean }> = await m.query(
      `SELECT c.subscription_status = 'active' AND NOT coalesce(s.cancel_at_period_end, false) AS renews
         FROM companies c LEFT JOIN company_subscriptions s ON s.company_id = c.id
        WHERE c.id = $1`,
      [companyId],
    );
    return rows[0]?.renews ?? false;
  }

  /** Closing: every refresh token of the company's users is revoked (no session outlives it). */
  async revokeAllSessions(companyId: string, at: Date, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE refresh_tokens SET revoked_at = $2
        WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE company_id = $1)`,
      [companyId, at],
    );
  }

  async markClosed(companyId: string, at: Date, m: EntityManager): Promise<void> {
    await this.companies(m).update({ id: companyId }, { closedAt: at });
  }

  /** Seeding keeps the demo usable: its trial restarts from the day of seeding. */
  async restartTrial(scope: TenantScope, trialEndsAt: Date, m?: EntityManager): Promise<void> {
    await this.companies(m).update({ id: scope.companyId, subscriptionStatus: 'trial' }, { trialEndsAt });
  }
}
