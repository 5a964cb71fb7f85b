import { Injectable } from '@nestjs/common';
import { DEFAULT_COMPANY_SETTINGS, type EventData, type Role } from '@zunft/contracts';
import type { SurchargeSettings } from '@zunft/contracts';
import { affected, one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';

type SettingsData = EventData<'auth.company.settings-updated'>['settings'];
type UserData = EventData<'auth.user.created'>;

export interface CompanySettings extends SurchargeSettings {
  auto_approve_time_entries: boolean;
  auto_approve_material_usage: boolean;
  /** Time entries may keep the position of the start/stop tap (issue 14); off by default. */
  gps_enabled: boolean;
}

export interface StaffMember {
  id: string;
  company_id: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: boolean;
  deleted_at: Date | null;
}

export const DEFAULT_SETTINGS: CompanySettings = {
  timezone: DEFAULT_COMPANY_SETTINGS.timezone,
  auto_approve_time_entries: DEFAULT_COMPANY_SETTINGS.auto_approve_time_entries,
  auto_approve_material_usage: DEFAULT_COMPANY_SETTINGS.auto_approve_material_usage,
  auto_calculate_surcharges: DEFAULT_COMPANY_SETTINGS.auto_calculate_surcharges,
  saturday_surcharge: DEFAULT_COMPANY_SETTINGS.saturday_surcharge,
  sunday_surcharge: DEFAULT_COMPANY_SETTINGS.sunday_surcharge,
  night_surcharge: DEFAULT_COMPANY_SETTINGS.night_surcharge,
  gps_enabled: DEFAULT_COMPANY_SETTINGS.gps_enabled,
};

/** Local copies of auth data (company settings, staff), kept up to date by the auth event consumer. */
@Injectable()
export class DirectoryRepository {
  async upsertSettings(manager: EntityManager, companyId: string, s: SettingsData): Promise<void> {
    await manager.query(
      `INSERT INTO company_settings (company_id, timezone, auto_approve_time_entries, auto_approve_material_usage,
         auto_calculate_surcharges, saturday_surcharge, sunday_surcharge, night_surcharge, gps_enabled, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9::boolean, false), now())
       ON CONFLICT (company_id) DO UPDATE SET timezone = EXCLUDED.timezone,
         auto_approve_time_entries = EXCLUDED.auto_approve_time_entries,
         auto_approve_material_usage = EXCLUDED.auto_approve_material_usage,
         auto_calculate_surcharges = EXCLUDED.auto_calculate_surcharges,
         saturday_surcharge = EXCLUDED.saturday_surcharge, sunday_surcharge = EXCLUDED.sunday_surcharge,
         night_surcharge = EXCLUDED.night_surcharge,
         gps_enabled = COALESCE($9::boolean, company_settings.gps_enabled), updated_at = now()`,
      [
        companyId,
        s.timezone,
        s.auto_approve_time_entries,
        s.auto_approve_material_usage,
        s.auto_calculate_surcharges,
        s.saturday_surcharge,
        s.sunday_surcharge,
        s.night_surcharge,
        // Absent in events from before the setting existed: a new row is off, an existing one keeps its value.
        s.gps_enabled ?? null,
      ],
    );
  }

  /** The company's settings, or the defaults when the settings event has not arrived yet. */
  async settings(manager: EntityManager, scope: TenantScope): Promise<CompanySettings> {
    const row = await one<Record<keyof CompanySettings, string | boolean>>(
      manager,
      `SELECT timezone, auto_approve_time_entries, auto_approve_material_usage, auto_calculate_surcharges,
              saturday_surcharge, sunday_surcharge, night_surcharge, gps_enabled
       FROM company_settings WHERE company_id = $1`,
      [scope.companyId],
    );
    if (!row) return { ...DEFAULT_SETTINGS };
    return {
      timezone: row.timezone as CompanySettings['timezone'],
      auto_approve_time_entries: row.auto_approve_time_entries as boolean,
      auto_approve_material_usage: row.auto_approve_material_usage as boolean,
      auto_calculate_surcharges: row.auto_calculate_surcharges as boolean,
      saturday_surcharge: Number(row.saturday_surcharge),
      sunday_surcharge: Number(row.sunday_surcharge),
      night_surcharge: Number(row.night_surcharge),
      gps_enabled: row.gps_enabled as boolean,
    };
  }

  /** Returns false when the row was left alone (a deleted user, or an id of another company). */
  async upsertStaff(manager: EntityManager, companyId: string, u: UserData): Promise<boolean> {
    // A late `created`/`updated` never resurrects a deleted user.
    const result = await rows<{ id: string }>(
      manager,
      `INSERT INTO staff (id, company_id, first_name, last_name, role, is_active, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         role = EXCLUDED.role, is_active = EXCLUDED.is_active, updated_at = now()
       WHERE staff.deleted_at IS NULL AND staff.company_id = EXCLUDED.company_id
       RETURNING id`,
      [u.userId, companyId, u.firstName, u.lastName, u.role, u.isActive],
    );
    return result.length > 0;
  }

  async deactivateStaff(manager: EntityManager, companyId: string, userId: string): Promise<void> {
    await manager.query(`UPDATE staff SET is_active = false, updated_at = now() WHERE id = $1 AND company_id = $2`, [
      userId,
      companyId,
    ]);
  }

  /** Access tokens of the user issued before `validAfter` are refused (auth.user.sessions-revoked). */
  async revokeStaffSessions(manager: EntityManager, companyId: string, userId: string, validAfter: string) {
    await manager.query(
      `UPDATE staff SET sessions_valid_after = GREATEST(sessions_valid_after, $3::timestamptz)
       WHERE id = $1 AND company_id = $2`,
      [userId, companyId, validAfter],
    );
  }

  /** Renames the user on their entries and activities (names are kept on rows for history). */
  async renameOnRecords(manager: EntityManager, companyId: string, userId: string, name: string): Promise<void> {
    await manager.query(
      `UPDATE time_entries SET user_name = $3 WHERE user_id = $1 AND company_id = $2 AND user_name <> $3`,
      [userId, companyId, name],
    );
    await manager.query(
      `UPDATE material_usages SET user_name = $3 WHERE user_id = $1 AND company_id = $2 AND user_name <> $3`,
      [userId, companyId, name],
    );
    // Expenses keep first and last name apart: take them from the staff row just written.
    await manager.query(
      `UPDATE expenses e SET first_name = s.first_name, last_name = s.last_name
       FROM staff s WHERE s.id = e.user_id AND e.user_id = $1 AND e.company_id = $2 AND s.company_id = $2
         AND (e.first_name <> s.first_name OR e.last_name <> s.last_name)`,
      [userId, companyId],
    );
    await manager.query(
      `UPDATE activities SET user_name = $3 WHERE user_id = $1 AND company_id = $2 AND user_name <> $3`,
      [userId, companyId, name],
    );
  }

  /** Permanently deleted user: anonymised everywhere, assignments removed. Returns the counts. */
  async anonymise(
    manager: EntityManager,
    companyId: string,
    userId: string,
    anonymizedName: string,
  ): Promise<{
    time_entries: number;
    material_usages: number;
    expenses: number;
    activities: number;
    assignments: number;
  }> {
    await manager.query(
      `INSERT INTO staff (id, company_id, first_name, last_name, role, is_active, deleted_at, updated_at)
       VALUES ($1, $2, $3, '', 'employee', false, now(), now())
       ON CONFLICT (id) DO UPDATE SET first_name = $3, last_name = '', is_active = false, deleted_at = now(), updated_at = now()
       WHERE staff.company_id = $2`,
      [userId, companyId, anonymizedName],
    );
    const timeEntries = await affected(
      manager,
      `UPDATE time_entries SET user_name = $3, updated_at = now() WHERE user_id = $1 AND company_id = $2`,
      [userId, companyId, anonymizedName],
    );
    const materialUsages = await affected(
      manager,
      `UPDATE material_usages SET user_name = $3, updated_at = now() WHERE user_id = $1 AND company_id = $2`,
      [userId, companyId, anonymizedName],
    );
    const expenses = await affected(
      manager,
      `UPDATE expenses SET first_name = $3, last_name = '', updated_at = now() WHERE user_id = $1 AND company_id = $2`,
      [userId, companyId, anonymizedName],
    );
    const activities = await affected(
      manager,
      `UPDATE activities SET user_name = $3 WHERE user_id = $1 AND company_id = $2`,
      [userId, companyId, anonymizedName],
    );
    const assignments = await affected(
      manager,
      `DELETE FROM project_assignments WHERE user_id = $1 AND company_id = $2`,
      [userId, companyId],
    );
    // the deleted user's assignments are gone: what employees see of projects, customers and usage changed
    for (const list of [LISTS.projects, LISTS.customers, LISTS.materialUsage])
      listTotals.invalidate(manager, companyId, list);
    return { time_entries: timeEntries, material_usages: materialUsages, expenses, activities, assignments };
  }

  /**
   * Whether the directory knows the user as deactivated or deleted (JWT guard, every request: one
   * primary-key lookup). An unknown user is not blocked: its created event may not be here yet.
   */
  async staffMember(manager: EntityManager, scope: TenantScope, userId: string): Promise<StaffMember | null> {
    return one<StaffMember>(
      manager,
      `SELECT id, company_id, first_name, last_name, role, is_active, deleted_at FROM staff WHERE id = $1 AND company_id = $2`,
      [userId, scope.companyId],
    );
  }
}
