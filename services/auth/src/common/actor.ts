import type { AccessTokenClaims } from '@zunft/contracts';

/** Who performs a change: the signed-in user's claims, or (seeding) a company's admin. */
export type Actor = Pick<AccessTokenClaims, 'userId' | 'companyId' | 'role'>;
