import type { UserDto } from '@zunft/contracts';

export type UserAction = 'edit' | 'deactivate' | 'activate' | 'delete';

/**
 * Which actions the admin gets for a row (part 2 §6): everyone can be edited; activating,
 * deactivating and permanently deleting are never offered on one's own account.
 */
export function userActionsFor(user: UserDto, currentUserId: string | null): UserAction[] {
  if (user.id === currentUserId) return ['edit'];
  return ['edit', user.is_active ? 'deactivate' : 'activate', 'delete'];
}
