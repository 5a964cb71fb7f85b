import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CraftsmanCategoryDto, CreateUserRequest, UpdateUserRequest, UserDto } from '@zunft/contracts';
import { usersApi } from './users.api';

export const usersKeys = {
  all: ['admin', 'users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  categories: () => [...usersKeys.all, 'craftsman-categories'] as const,
};

export function useUsersQuery(enabled = true) {
  return useQuery({ queryKey: usersKeys.list(), queryFn: ({ signal }) => usersApi.list(signal), enabled });
}

export function useCraftsmanCategoriesQuery(enabled = true) {
  return useQuery({
    queryKey: usersKeys.categories(),
    queryFn: ({ signal }) => usersApi.craftsmanCategories(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useCreateCraftsmanCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => usersApi.createCraftsmanCategory(name),
    onSuccess: (created) => {
      client.setQueryData<CraftsmanCategoryDto[]>(usersKeys.categories(), (old) =>
        [...(old ?? []).filter((c) => c.id !== created.id), created].sort((a, b) => a.name.localeCompare(b.name, 'de')),
      );
    },
  });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: usersKeys.list() });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (body: CreateUserRequest) => usersApi.create(body), onSettled: invalidate });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserRequest }) => usersApi.update(id, body),
    onSettled: invalidate,
  });
}

export function useSetUserActive() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ user, active }: { user: UserDto; active: boolean }) =>
      active ? usersApi.activate(user.id) : usersApi.deactivate(user.id),
    onSettled: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (id: string) => usersApi.remove(id), onSettled: invalidate });
}
