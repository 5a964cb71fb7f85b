import { api } from '@zunft/web-common';
import type { SubscriptionStatusResponse } from '@zunft/contracts';

/** GET /subscriptions/status (part 2 §7 "Subscription"); the payment calls come with a later issue. */
export const subscriptionApi = {
  status: (signal?: AbortSignal) => api.get<SubscriptionStatusResponse>('/subscriptions/status', { signal }),
};
