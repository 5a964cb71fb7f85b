import { api } from '@zunft/web-common';
import type {
  CraftsmanCategoryDto,
  CraftsmanCategoryListResponse,
  CreateUserRequest,
  DeleteUserResponse,
  UpdateUserRequest,
  UserListResponse,
  UserResponse,
} from '@zunft/contracts';

/** Typed calls of the users screen (part 2 §7 "Users"). */
export const usersApi = {
  list: (signal?: AbortSignal) => api.get<UserListResponse>('/users', { signal }),
  craftsmanCategories: (signal?: AbortSignal) =>
    api.get<CraftsmanCategoryListResponse>('/users/craftsman-categories', { signal }),
  createCraftsmanCategory: (name: string) => api.post<CraftsmanCategoryDto>('/users/craftsman-categories', { name }),
  create: (body: CreateUserRequest) => api.post<UserResponse>('/users', body),
  update: (id: string, body: UpdateUserRequest) => api.put<UserResponse>(`/users/${encodeURIComponent(id)}`, body),
  deactivate: (id: string) => api.put<UserResponse>(`/users/${encodeURIComponent(id)}/deactivate`),
  /** Part 2 §7: "Activation uses an update with isActive true." */
  activate: (id: string) => api.put<UserResponse>(`/users/${encodeURIComponent(id)}`, { isActive: true }),
  remove: (id: string) => api.delete<DeleteUserResponse>(`/users/${encodeURIComponent(id)}`),
};

/**
 * Part 2 §7: the create answer "may contain requires_payment" when an additional employee must be
 * paid for before activation. The payment flow comes with a later issue; until then the screen
 * only warns.
 */
export function createdUserRequiresPayment(response: unknown): boolean {
  return (
    typeof response === 'object' &&
    response !== null &&
    (response as { requires_payment?: unknown }).requires_payment === true
  );
}
