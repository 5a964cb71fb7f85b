import type { AccessTokenClaims } from '@zunft/contracts';

/** The signed-in caller. Company scope comes from the verified token only, never from input. */
export type Actor = Pick<AccessTokenClaims, 'userId' | 'companyId' | 'role'>;

/** Admin and backoffice: the office, which sees and manages the whole company. */
export const isOffice = (actor: Actor) => actor.role === 'admin' || actor.role === 'backoffice';

/** The office or the read-only accountant (Treuhänder, issue 26): reads every bookkeeping record (customers). */
export const readsAllRecords = (actor: Actor) => isOffice(actor) || actor.role === 'accountant';
