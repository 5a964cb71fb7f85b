// Types of standin.mjs for TypeScript callers (tests).
/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe's JSON objects, read loosely by tests */
export declare const STANDIN_API_VERSION: string;
export declare const CARD_OK: string;
export declare const CARD_DECLINED: string;

export interface StandinEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, any>; previous_attributes?: Record<string, any> };
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface PayResult {
  ok: boolean;
  status?: number;
  message?: string;
  code?: string;
  redirect?: string;
}

export interface StripeStandin {
  port: number;
  url: string;
  publicUrl: string;
  events: StandinEvent[];
  deliveries: Array<{ id: string; type: string; status: number; attempt: number; error?: string }>;
  sessions: Map<string, Record<string, any>>;
  subscriptions: Map<string, Record<string, any>>;
  idle(): Promise<void>;
  pay(sessionId: string, cardNumber: string): PayResult;
  renew(subscriptionId: string, fail: boolean): Record<string, any>;
  close(): Promise<void>;
}

export declare function signStripePayload(payload: string, secret: string, timestamp?: number): string;
export declare function parseStripeForm(body: string): Record<string, any>;
export declare function addInterval(unix: number, interval: 'month' | 'year'): number;
export declare function startStripeStandin(o: {
  port?: number;
  host?: string;
  publicUrl?: string;
  secretKey?: string;
  webhookSecret: string;
  webhookUrl?: string;
  log?: (msg: string) => void;
}): Promise<StripeStandin>;
