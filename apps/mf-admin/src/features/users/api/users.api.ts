import { api } from '@zunft/web-common';
import type {
  CraftsmanCategoryDto,
  CraftsmanCategoryListResponse,
  CreateUserRequest,
  DeleteUserResponse,
  UpdateUserRequest,
  UserListResponse,
  UserRequiresPaymentResponse,
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
  /** After the checkout for an extra seat: 200 once the webhook has activated the user, else 402. */
  activatePayment: (id: string, transactionId: string) =>
    api.put<UserResponse>(`/users/${encodeURIComponent(id)}/activate-payment`, { transaction_id: transactionId }),
  /** Cancelling the payment deletes the pending user (part 2 §4). */
  removePending: (id: string) => api.delete<DeleteUserResponse>(`/users/${encodeURIComponent(id)}/pending-payment`),
};

/**
 * Part 2 §7: the create answer "may contain requires_payment, payment_calculation and userId" when
 * an additional employee must be paid for before activation (also the body of a 402 on activation).
 */
export function createdUserRequiresPayment(response: unknown): response is UserRequiresPaymentResponse {
  return (
    typeof response === 'object' &&
    response !== null &&
    (response as { requires_payment?: unknown }).requires_payment === true
  );
}
