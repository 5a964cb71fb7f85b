import type { Role } from '@zunft/contracts';

export const ROLE_COLORS: Record<Role, string> = {
  admin: 'gold',
  backoffice: 'blue',
  employee: 'default',
  accountant: 'purple',
};

/** "Anna Muster" -> "AM" */
export function initials(first: string | null | undefined, last: string | null | undefined): string {
  const a = (first ?? '').trim().charAt(0);
  const b = (last ?? '').trim().charAt(0);
  return `${a}${b}`.toUpperCase() || '?';
}
