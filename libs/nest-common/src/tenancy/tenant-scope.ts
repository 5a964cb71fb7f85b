import type { AccessTokenClaims, Role } from '@zunft/contracts';

/**
 * Whose data a call may touch. Every repository method reading or writing tenant data takes one as
 * its first argument and filters by `companyId`. It is made only from verified token claims (or,
 * for CLI and event consumers, explicitly from a trusted company id), never from request input.
 */
export class TenantScope {
  readonly #brand = 'TenantScope';

  private constructor(
    readonly companyId: string,
    readonly userId: string | null,
    readonly role: Role | null,
  ) {}

  static fromClaims(claims: Pick<AccessTokenClaims, 'companyId' | 'userId' | 'role'>): TenantScope {
    return new TenantScope(claims.companyId, claims.userId, claims.role);
  }

  /** For trusted server-side code without a user: CLI tools, event consumers, seeding. */
  static forSystem(companyId: string): TenantScope {
    return new TenantScope(companyId, null, null);
  }

  toString(): string {
    return `${this.#brand}(${this.companyId})`;
  }
}
