import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, toast } from '@zunft/web-common';
import { useAdminT } from '../../../shared/i18n';
import { clearPendingUserPayment, readPendingUserPayment } from './pendingUserPayment';
import { usersApi } from './users.api';
import { usersKeys } from './useUsers';

const POLL_MS = 1000;
const POLL_FOR_MS = 60_000;

/**
 * The return from the payment provider to /users?payment=success|cancelled&transaction_id=…:
 * success waits until the webhook has activated the employee (activate-payment answers 402 until
 * then); cancelled deletes the pending employee (part 2 §4).
 */
export function usePaymentReturn() {
  const t = useAdminT();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('payment');
  const transactionId = params.get('transaction_id');
  const handled = useRef(false);

  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    const pending = readPendingUserPayment();
    const next = new URLSearchParams(params);
    next.delete('payment');
    next.delete('transaction_id');
    setParams(next, { replace: true });
    const entry = pending && (!transactionId || pending.transactionId === transactionId) ? pending : null;
    if (!entry) {
      toast.error(t('users.payment.noPending'));
      return;
    }
    const refresh = () => client.invalidateQueries({ queryKey: usersKeys.list() });
    if (outcome === 'cancelled') {
      void usersApi
        .removePending(entry.userId)
        .then(() => toast.error(t('users.payment.failed')))
        .catch(() => toast.error(t('users.payment.cancelError')))
        .finally(() => {
          clearPendingUserPayment();
          void refresh();
        });
      return;
    }
    const started = Date.now();
    const confirm = async (): Promise<void> => {
      try {
        await usersApi.activatePayment(entry.userId, entry.transactionId);
        clearPendingUserPayment();
        toast.success(t('users.payment.activated'));
        void refresh();
      } catch (error) {
        if (isApiError(error) && error.status === 402 && Date.now() - started < POLL_FOR_MS) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          return confirm();
        }
        if (isApiError(error) && error.status === 404) clearPendingUserPayment();
        toast.error(t('users.payment.failed'));
        void refresh();
      }
    };
    toast.info(t('users.payment.confirming'));
    void confirm();
  }, [outcome, transactionId, params, setParams, client, t]);
}
