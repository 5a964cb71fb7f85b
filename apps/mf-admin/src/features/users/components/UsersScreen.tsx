import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { DeleteUserResponse, Language, PaymentCalculation, UserDto } from '@zunft/contracts';
import {
  isRequiresPayment,
  serverErrorOr,
  serverErrorText,
  toast,
  toastFailure,
  useErrorToast,
} from '@zunft/web-common';
import { EmptyState, ListScreen, useIsMobile } from '@zunft/ui-kit';
import { useAdminT } from '../../../shared/i18n';
import { subscriptionApi } from '../../settings/api/subscription.api';
import { clearPendingUserPayment, storePendingUserPayment } from '../api/pendingUserPayment';
import { usePaymentReturn } from '../api/usePaymentReturn';
import { createdUserRequiresPayment, usersApi } from '../api/users.api';
import { useCreateUser, useDeleteUser, useSetUserActive, useUpdateUser, useUsersQuery } from '../api/useUsers';
import { useInviteAccountant } from '../api/invitations.api';
import { DeleteUserModal } from './DeleteUserModal';
import { InvitationsCard } from './InvitationsCard';
import { InviteAccountantModal } from './InviteAccountantModal';
import { UserCardList } from './UserCardList';
import { UserFormModal, type UserFormResult } from './UserFormModal';
import { UserPaymentDialog, type PaymentDialogState } from './UserPaymentDialog';
import { UsersTable } from './UsersTable';

/** Users per page of the list (the API answers all of them). */
const USERS_PAGE_SIZE = 20;

type Dialog =
  { kind: 'none' } | { kind: 'form'; user: UserDto | null } | { kind: 'delete'; user: UserDto } | { kind: 'invite' };

interface Props {
  currentUserId: string | null;
  /** Default language of a new user (the company's). */
  companyLanguage?: Language;
  /** The page header; receives the 'Neuer Benutzer' button. */
  renderHeader(newUserButton: ReactNode): ReactNode;
}

/** The admin's user list with create/edit, (de)activation and permanent deletion. */
export function UsersScreen({ currentUserId, companyLanguage, renderHeader }: Props) {
  const t = useAdminT();
  const isMobile = useIsMobile();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [page, setPage] = useState(1);
  const [modal, modalHolder] = Modal.useModal();

  const users = useUsersQuery();
  useErrorToast(users, t('users.toasts.loadError'));
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const setActive = useSetUserActive();
  const deleteUser = useDeleteUser();
  const invite = useInviteAccountant();
  const [payment, setPayment] = useState<PaymentDialogState | null>(null);
  usePaymentReturn();
  // 'Jetzt bezahlen': Checkout for the extra seat (amount from the server), then off to the provider.
  const payForUser = useMutation({
    mutationFn: ({ userId, method }: { userId: string; method: 'stripe' | 'twint' }) =>
      subscriptionApi.createUserAddition({
        user_id: userId,
        additional_users: 1,
        payment_method: method,
        auto_renew: true,
      }),
    onSuccess: (answer, { userId }) => {
      if (!answer?.stripe?.checkout_url) {
        toast.error(t('users.payment.failed'));
        return;
      }
      storePendingUserPayment({ userId, transactionId: answer.transaction_id, timestamp: Date.now() });
      window.location.assign(answer.stripe.checkout_url);
    },
  });
  // Cancelling the payment of a just-created employee deletes them (part 2 §4).
  const cancelPending = useMutation({
    mutationFn: (userId: string) => usersApi.removePending(userId),
    onSuccess: () => {
      clearPendingUserPayment();
      toast.info(t('users.payment.cancelled'));
      setPayment(null);
      void users.refetch();
    },
    onError: (error) => toastFailure(error, t('users.payment.cancelError')),
  });
  const openPayment = (
    userId: string,
    name: string,
    calculation: PaymentCalculation,
    pendingNew: boolean,
    warning?: string,
  ) => {
    payForUser.reset();
    setPayment({ userId, name, calculation, pendingNew, ...(warning ? { warning } : {}) });
  };
  const closePayment = () => {
    if (payment?.pendingNew) cancelPending.mutate(payment.userId);
    else setPayment(null);
  };

  // The dashboard quick action links to /users?action=create: open the dialog, drop the param.
  useEffect(() => {
    if (searchParams.get('action') !== 'create') return;
    setDialog({ kind: 'form', user: null });
    const next = new URLSearchParams(searchParams);
    next.delete('action');
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  const closeDialog = () => setDialog({ kind: 'none' });

  const submitForm = (result: UserFormResult) => {
    if (result.mode === 'create') {
      createUser.mutate(result.body, {
        onSuccess: (created) => {
          closeDialog();
          if (createdUserRequiresPayment(created)) {
            toast.warning(t('users.toasts.requiresPayment'));
            openPayment(
              created.userId,
              `${result.body.firstName} ${result.body.lastName}`,
              created.payment_calculation,
              true,
            );
          } else toast.success(t('users.toasts.created'));
        },
        onError: (error) => toastFailure(error, t('users.toasts.saveError')),
      });
    } else {
      updateUser.mutate(
        { id: result.id, body: result.body },
        {
          onSuccess: () => {
            toast.success(t('users.toasts.updated'));
            closeDialog();
          },
          onError: (error) => toastFailure(error, t('users.toasts.saveError')),
        },
      );
    }
  };

  const changeActive = (user: UserDto, active: boolean) => {
    const run = () =>
      setActive.mutate(
        { user, active },
        {
          onSuccess: () => toast.success(active ? t('users.toasts.activated') : t('users.toasts.deactivated')),
          onError: (error) => {
            if (active && isRequiresPayment(error)) {
              // Part 2 §8: 402 opens the payment dialog with the server's message as a warning, 403 blocks.
              const calculation = error.body?.payment_calculation as PaymentCalculation | undefined;
              if (error.status === 402 && calculation) {
                openPayment(
                  user.id,
                  `${user.first_name} ${user.last_name}`,
                  calculation,
                  false,
                  t('users.toasts.activationNeedsPayment', { message: serverErrorOr(error, '') }),
                );
              } else if (error.status === 402)
                toast.warning(t('users.toasts.activationNeedsPayment', { message: serverErrorOr(error, '') }));
              else toast.error(t('users.toasts.activationBlocked'));
              return;
            }
            toastFailure(error, t('users.toasts.statusError'));
          },
        },
      );
    if (active) {
      run();
      return;
    }
    void modal.confirm({
      title: t('users.actions.deactivate'),
      content: t('users.actions.deactivateConfirm', { name: `${user.first_name} ${user.last_name}` }),
      okText: t('users.actions.deactivate'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: run,
    });
  };

  const confirmDelete = (user: UserDto) => {
    deleteUser.mutate(user.id, {
      onSuccess: (response: DeleteUserResponse) => {
        const counts = response.dependencies_updated;
        toast.success(
          counts
            ? `${t('users.toasts.deleted')}. ${t('users.toasts.deletedCounts', { ...counts })}`
            : t('users.toasts.deleted'),
        );
        closeDialog();
      },
      onError: (error) => toastFailure(error, t('users.toasts.deleteError')),
    });
  };

  // «Treuhänder einladen» (issue 26): the link goes out by e-mail
  const sendInvitation = (email: string) =>
    invite.mutate(email, {
      onSuccess: () => {
        toast.success(t('invitations.sent', { email }));
        closeDialog();
      },
      onError: (error) => toastFailure(error, t('invitations.failed')),
    });

  const handlers = {
    onEdit: (user: UserDto) => setDialog({ kind: 'form', user }),
    onToggleActive: changeActive,
    onDelete: (user: UserDto) => setDialog({ kind: 'delete', user }),
  };
  const busyUserId = setActive.isPending ? (setActive.variables?.user.id ?? null) : null;
  const list = users.data ?? [];

  // The list kit (issue 28): GET /users answers the whole list, so the pages are cut here (20 a page);
  // skeleton, load error with retry, empty state, the table or (on a phone) the cards.
  const pageCount = Math.max(1, Math.ceil(list.length / USERS_PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const pageItems = list.slice((shownPage - 1) * USERS_PAGE_SIZE, shownPage * USERS_PAGE_SIZE);
  const listProps = { currentUserId, busyUserId, ...handlers };
  const content = (
    <ListScreen<UserDto>
      mode={isMobile ? 'cards' : 'list'}
      items={pageItems}
      loading={users.isLoading}
      error={
        users.isError && !users.data
          ? {
              title: t('users.toasts.loadError'),
              detail: serverErrorText(users.error) ?? t('common.loadFailed'),
              retryLabel: t('common.retry'),
              onRetry: () => void users.refetch(),
            }
          : null
      }
      empty={
        <Card>
          <EmptyState title={t('users.empty')} description={t('users.emptyHint')} />
        </Card>
      }
      table={(items) => (
        <Card styles={{ body: { padding: 0 } }}>
          <UsersTable users={[...items]} {...listProps} />
        </Card>
      )}
      cards={(items) => <UserCardList users={[...items]} {...listProps} />}
      paging={{ kind: 'pages', page: shownPage, pageSize: USERS_PAGE_SIZE, total: list.length, onChange: setPage }}
    />
  );

  return (
    <>
      {renderHeader(
        <Space wrap>
          <Button icon={<MailOutlined />} onClick={() => setDialog({ kind: 'invite' })}>
            {t('invitations.invite')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'form', user: null })}>
            {t('users.new')}
          </Button>
        </Space>,
      )}
      {modalHolder}
      {content}
      <InvitationsCard />
      <InviteAccountantModal
        open={dialog.kind === 'invite'}
        sending={invite.isPending}
        onCancel={closeDialog}
        onSubmit={sendInvitation}
      />
      <UserFormModal
        open={dialog.kind === 'form'}
        user={dialog.kind === 'form' ? dialog.user : null}
        saving={createUser.isPending || updateUser.isPending}
        companyLanguage={companyLanguage}
        onCancel={closeDialog}
        onSubmit={submitForm}
      />
      <UserPaymentDialog
        state={payment}
        paying={payForUser.isPending || payForUser.isSuccess}
        cancelling={cancelPending.isPending}
        error={payForUser.error}
        onPay={(method) => payment && payForUser.mutate({ userId: payment.userId, method })}
        onCancel={closePayment}
      />
      <DeleteUserModal
        user={dialog.kind === 'delete' ? dialog.user : null}
        deleting={deleteUser.isPending}
        onCancel={closeDialog}
        onConfirm={confirmDelete}
      />
    </>
  );
}
