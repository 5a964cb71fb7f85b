// A local stand-in for the part of the Stripe API Zunft uses (customers, Checkout sessions in
// subscription and payment mode, subscriptions with quantity and proration, invoices), with a
// hosted checkout page and webhooks signed exactly as Stripe signs them. Plain Node, no framework.
// The product talks to it through the official `stripe` client (host/port/protocol options) and
// cannot tell it from Stripe. Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0341 is declined.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

export const STANDIN_API_VERSION = '2026-10-28.endive';
export const CARD_OK = '4242424242424242';
export const CARD_DECLINED = '4000000000000341';
const DAY = 86_400;

const rid = (prefix, n = 24) => `${prefix}_${randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n)}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's signature header: t=<unix>,v1=hex(HMAC-SHA256(secret, "<t>.<payload>")). */
export function signStripePayload(payload, secret, timestamp = now()) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Parses Stripe's form encoding (`a[b][0][c]=x`) into nested objects and arrays. */
export function parseStripeForm(body) {
  const out = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else {
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part];
      }
    });
  }
  return out;
}

/** One month (or year) after `unix`, same day of month where it exists (like Stripe's billing anchor). */
export function addInterval(unix, interval) {
  const d = new Date(unix * 1000);
  const day = d.getUTCDate();
  const next = new Date(d);
  next.setUTCDate(1);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return Math.floor(next.getTime() / 1000);
}

const list = (data, url) => ({ object: 'list', data, has_more: false, total_count: data.length, url });
const stripeError = (status, message, extra = {}) => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});

function escapeHtml(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * @param {object} o
 * @param {number} [o.port] 0 = any free port
 * @param {string} [o.host]
 * @param {string} [o.publicUrl] base of the hosted checkout page (default http://localhost:<port>)
 * @param {string} [o.secretKey] only this API key is accepted (any sk_test_… when unset)
 * @param {string} o.webhookSecret signs the webhooks
 * @param {string} [o.webhookUrl] where webhooks go (none: only recorded in `events`)
 * @param {(msg: string) => void} [o.log]
 */
export async function startStripeStandin(o) {
  const customers = new Map();
  const sessions = new Map();
  const subscriptions = new Map();
  const invoices = new Map();
  const paymentIntents = new Map();
  const events = [];
  const deliveries = [];
  let queue = Promise.resolve();
  const log = o.log ?? (() => undefined);

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`stripe-standin: ${error.stack ?? error}`);
      send(res, 500, { error: { type: 'api_error', message: 'Stand-in error' } });
    });
  });
  await new Promise((resolve) => server.listen(o.port ?? 0, o.host ?? '127.0.0.1', resolve));
  const port = server.address().port;
  const publicUrl = (o.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');

  function send(res, status, body, headers = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
      'request-id': rid('req', 14),
      ...headers,
    });
    res.end(text);
  }

  async function readBody(req) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  function emit(type, object, previousAttributes) {
    const event = {
      id: rid('evt', 24),
      object: 'event',
      api_version: STANDIN_API_VERSION,
      created: now(),
      data: previousAttributes
        ? { object: structuredClone(object), previous_attributes: previousAttributes }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: o.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    if (o.webhookUrl) queue = queue.then(() => deliver(event));
    return event;
  }

  async function deliver(event, attempts = 8) {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const res = await fetch(o.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signStripePayload(payload, o.webhookSecret),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(15_000),
        });
        deliveries.push({ id: event.id, type: event.type, status: res.status, attempt });
        if (res.ok) return;
      } catch (error) {
        deliveries.push({ id: event.id, type: event.type, status: 0, attempt, error: String(error) });
      }
      await new Promise((r) => setTimeout(r, Math.min(500 * 2 ** attempt, 10_000)));
    }
    log(`stripe-standin: webhook ${event.type} ${event.id} not accepted after ${attempts} attempts`);
  }

  function newCustomer(params) {
    const customer = {
      id: rid('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      description: params.description ?? null,
      email: params.email ?? null,
      livemode: false,
      metadata: params.metadata ?? {},
      name: params.name ?? null,
      preferred_locales: params.preferred_locales ?? [],
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function lineTotal(items) {
    return items.reduce((sum, li) => sum + Number(li.price_data?.unit_amount ?? 0) * Number(li.quantity ?? 1), 0);
  }

  function newSession(params) {
    const mode = params.mode;
    if (!['subscription', 'payment'].includes(mode))
      return stripeError(400, 'Invalid mode: must be subscription or payment', { param: 'mode' });
    if (!params.success_url) return stripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
    const items = params.line_items ?? [];
    if (!items.length) return stripeError(400, 'Missing required param: line_items.', { param: 'line_items' });
    for (const li of items) {
      if (!li.price_data?.currency || li.price_data.unit_amount === undefined) {
        return stripeError(400, 'line_items[0][price_data] needs currency and unit_amount', { param: 'line_items' });
      }
      if (mode === 'subscription' && !li.price_data.recurring?.interval) {
        return stripeError(400, 'Subscription mode needs a recurring price', { param: 'line_items' });
      }
    }
    const amount = lineTotal(items);
    if (mode === 'payment' && amount < 50) {
      return stripeError(400, "The Checkout Session's total amount due must add up to at least CHF 0.50", {
        code: 'amount_too_small',
      });
    }
    const id = `cs_test_${randomBytes(30).toString('base64url').replace(/[-_]/g, 'a')}`;
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency: items[0].price_data.currency,
      customer: params.customer ?? null,
      customer_details: null,
      customer_email: params.customer_email ?? null,
      expires_at: now() + DAY,
      invoice: null,
      livemode: false,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: params.success_url,
      url: `${publicUrl}/c/pay/${id}`,
      // Not part of Stripe's answer; kept to build the subscription on payment.
      _line_items: items,
      _subscription_data: params.subscription_data ?? {},
      _payment_intent_data: params.payment_intent_data ?? {},
    };
    sessions.set(id, session);
    return { status: 200, body: publicSession(session) };
  }

  function publicSession(session) {
    const { _line_items, _subscription_data, _payment_intent_data, ...rest } = session;
    void _line_items;
    void _subscription_data;
    void _payment_intent_data;
    return rest;
  }

  function publicSubscription(sub) {
    const item = sub.items.data[0];
    return {
      ...sub,
      // Legacy top-level fields (API versions before 2025-03-31) next to the item-level ones.
      quantity: item.quantity,
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    };
  }

  function newInvoice(sub, lines, billingReason, paid) {
    const amount = lines.reduce((s, l) => s + l.amount, 0);
    const invoice = {
      id: rid('in', 24),
      object: 'invoice',
      account_country: 'CH',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: sub.currency,
      customer: sub.customer,
      hosted_invoice_url: `${publicUrl}/i/${sub.id}`,
      lines: list(lines, `/v1/invoices/lines`),
      livemode: false,
      metadata: {},
      number: `ZUNFT-${String(invoices.size + 1).padStart(4, '0')}`,
      paid,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: sub.metadata, subscription: sub.id },
      },
      period_end: lines[0]?.period.end ?? now(),
      period_start: lines[0]?.period.start ?? now(),
      status: paid ? 'paid' : 'open',
      status_transitions: { paid_at: paid ? now() : null, finalized_at: now() },
      subscription: sub.id,
      total: amount,
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  function subscriptionLine(sub, description) {
    const item = sub.items.data[0];
    return {
      id: rid('il', 24),
      object: 'line_item',
      amount: item.price.unit_amount * item.quantity,
      currency: sub.currency,
      description,
      period: { start: item.current_period_start, end: item.current_period_end },
      quantity: item.quantity,
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: sub.id, subscription_item: item.id, proration: false },
      },
    };
  }

  /** The hosted page's "pay": card 4242 completes, 0341 is declined and nothing changes. */
  function pay(session, cardNumber) {
    const card = String(cardNumber ?? '').replace(/\D/g, '');
    if (session.status !== 'open')
      return { ok: false, status: 400, message: 'Diese Checkout-Sitzung ist nicht mehr offen.' };
    if (card === CARD_DECLINED)
      return { ok: false, status: 402, message: 'Ihre Karte wurde abgelehnt.', code: 'card_declined' };
    if (card !== CARD_OK)
      return { ok: false, status: 402, message: 'Ihre Kartennummer ist ungültig.', code: 'incorrect_number' };
    const created = now();
    if (!session.customer) session.customer = newCustomer({ email: session.customer_email }).id;
    session.customer_details = {
      email: customers.get(session.customer)?.email ?? null,
      name: null,
      address: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'subscription') {
      const li = session._line_items[0];
      const interval = li.price_data.recurring.interval;
      const sub = {
        id: rid('sub', 24),
        object: 'subscription',
        billing_cycle_anchor: created,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        collection_method: 'charge_automatically',
        created,
        currency: li.price_data.currency,
        customer: session.customer,
        ended_at: null,
        items: list(
          [
            {
              id: rid('si', 14),
              object: 'subscription_item',
              created,
              current_period_start: created,
              current_period_end: addInterval(created, interval),
              metadata: {},
              price: {
                id: rid('price', 24),
                object: 'price',
                active: true,
                currency: li.price_data.currency,
                product: rid('prod', 14),
                recurring: { interval, interval_count: 1, usage_type: 'licensed' },
                type: 'recurring',
                unit_amount: Number(li.price_data.unit_amount),
                unit_amount_decimal: String(li.price_data.unit_amount),
              },
              quantity: Number(li.quantity ?? 1),
              subscription: null,
            },
          ],
          '/v1/subscription_items',
        ),
        latest_invoice: null,
        livemode: false,
        metadata: session._subscription_data.metadata ?? {},
        start_date: created,
        status: 'active',
      };
      sub.items.data[0].subscription = sub.id;
      subscriptions.set(sub.id, sub);
      const invoice = newInvoice(
        sub,
        [subscriptionLine(sub, `${sub.items.data[0].quantity} × Abonnement`)],
        'subscription_create',
        true,
      );
      session.subscription = sub.id;
      session.invoice = invoice.id;
      // Stripe does not promise an order; the invoice often arrives before the session.
      emit('customer.subscription.created', publicSubscription(sub));
      emit('invoice.paid', invoice);
      emit('checkout.session.completed', publicSession(session));
    } else {
      const pi = {
        id: rid('pi', 24),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        metadata: session._payment_intent_data.metadata ?? session.metadata,
        status: 'succeeded',
        created,
        livemode: false,
      };
      paymentIntents.set(pi.id, pi);
      session.payment_intent = pi.id;
      emit('payment_intent.succeeded', pi);
      emit('checkout.session.completed', publicSession(session));
    }
    return { ok: true, redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  function updateSubscription(sub, params) {
    const previous = {};
    const item = sub.items.data[0];
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? item.current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? now() : null;
    }
    const newQuantity = params.items?.[0]?.quantity ?? params.quantity;
    let prorationInvoice = null;
    if (newQuantity !== undefined && Number(newQuantity) !== item.quantity) {
      const oldQuantity = item.quantity;
      previous.items = structuredClone(sub.items);
      previous.quantity = oldQuantity;
      item.quantity = Number(newQuantity);
      const behavior = params.proration_behavior ?? 'create_prorations';
      if (behavior !== 'none') {
        const t = now();
        const left = Math.max(0, item.current_period_end - t) / (item.current_period_end - item.current_period_start);
        const amount = Math.round(item.price.unit_amount * (item.quantity - oldQuantity) * left);
        const line = {
          id: rid('il', 24),
          object: 'line_item',
          amount,
          currency: sub.currency,
          description: `Anteilig: ${item.quantity - oldQuantity} × Abonnement`,
          period: { start: t, end: item.current_period_end },
          quantity: item.quantity - oldQuantity,
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: sub.id, subscription_item: item.id, proration: true },
          },
        };
        if (behavior === 'always_invoice') prorationInvoice = newInvoice(sub, [line], 'subscription_update', true);
      }
    }
    if (params.metadata) sub.metadata = { ...sub.metadata, ...params.metadata };
    emit('customer.subscription.updated', publicSubscription(sub), previous);
    if (prorationInvoice) emit('invoice.paid', prorationInvoice);
  }

  /** Test hook: the next renewal of a subscription, paid or failed. */
  function renew(sub, fail) {
    const item = sub.items.data[0];
    if (fail) {
      const invoice = newInvoice(
        sub,
        [
          {
            ...subscriptionLine(sub, 'Verlängerung'),
            period: {
              start: item.current_period_end,
              end: addInterval(item.current_period_end, item.price.recurring.interval),
            },
          },
        ],
        'subscription_cycle',
        false,
      );
      const previous = { status: sub.status };
      sub.status = 'past_due';
      emit('invoice.payment_failed', invoice);
      emit('customer.subscription.updated', publicSubscription(sub), previous);
      return invoice;
    }
    const previous = { items: structuredClone(sub.items), status: sub.status };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_end, item.price.recurring.interval);
    sub.status = 'active';
    const invoice = newInvoice(sub, [subscriptionLine(sub, 'Verlängerung')], 'subscription_cycle', true);
    emit('invoice.paid', invoice);
    emit('customer.subscription.updated', publicSubscription(sub), previous);
    return invoice;
  }

  function checkoutPage(session, error) {
    const amount = (session.amount_total / 100).toFixed(2);
    const li = session._line_items[0];
    const interval = li.price_data.recurring?.interval;
    const what = `${escapeHtml(li.price_data.product_data?.name ?? 'Zahlung')}${li.quantity > 1 ? ` × ${escapeHtml(li.quantity)}` : ''}`;
    const open = session.status === 'open';
    return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (Stripe-Testmodus)</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;padding:24px;color:#1a1f36}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
label{display:block;margin:16px 0 4px;font-size:14px}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #ccd;border-radius:6px}
button{margin-top:20px;width:100%;padding:12px;font-size:16px;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer}
.err{color:#df1b41;margin-top:12px}.badge{font-size:12px;background:#ffde92;padding:2px 6px;border-radius:4px}a{color:#635bff}</style></head>
<body><main><p><span class="badge">TESTMODUS</span></p><h1 style="font-size:20px">${what}</h1>
<p data-testid="checkout-amount">${escapeHtml(session.currency.toUpperCase())} ${amount}${interval ? ` pro ${interval === 'year' ? 'Jahr' : 'Monat'}` : ''}</p>
${
  open
    ? `<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<label for="cardNumber">Kartennummer</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<label for="cardExpiry">Ablaufdatum</label><input id="cardExpiry" name="cardExpiry" placeholder="MM / JJ" value="12 / 34">
<label for="cardCvc">Prüfnummer</label><input id="cardCvc" name="cardCvc" placeholder="CVC" value="123">
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">${session.mode === 'subscription' ? 'Abonnieren' : 'Bezahlen'}</button></form>`
    : '<p>Diese Zahlung ist abgeschlossen.</p>'
}
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Zurück</a></p>` : ''}
</main></body></html>`;
  }

  function authorised(req) {
    const header = req.headers.authorization ?? '';
    const key = header.startsWith('Bearer ') ? header.slice(7) : '';
    return o.secretKey ? key === o.secretKey : key.startsWith('sk_test_');
  }

  async function handle(req, res) {
    const url = new URL(req.url, 'http://standin');
    const p = url.pathname;
    const method = req.method ?? 'GET';

    if (p === '/health') return send(res, 200, { ok: true });

    // Hosted checkout page (what checkout.stripe.com is for the real thing).
    let m = p.match(/^\/c\/pay\/([\w-]+)$/);
    if (m) {
      const session = sessions.get(m[1]);
      if (!session) return send(res, 404, '<p>Checkout-Sitzung nicht gefunden</p>');
      if (method === 'GET') return send(res, 200, checkoutPage(session));
      const form = new URLSearchParams(await readBody(req));
      const result = pay(session, form.get('cardNumber'));
      if (!result.ok) return send(res, result.status, checkoutPage(session, result.message));
      res.writeHead(303, { location: result.redirect });
      return res.end();
    }

    // Test hooks (not part of Stripe's API).
    if (p.startsWith('/_standin/')) {
      const body = method === 'POST' ? await readBody(req) : '';
      const json = body ? JSON.parse(body) : {};
      if (p === '/_standin/events') return send(res, 200, { events, deliveries });
      m = p.match(/^\/_standin\/checkout\/([\w-]+)\/pay$/);
      if (m && method === 'POST') {
        const session = sessions.get(m[1]);
        if (!session) return send(res, 404, { error: 'no such session' });
        const result = pay(session, json.cardNumber);
        return send(res, result.ok ? 200 : result.status, result);
      }
      m = p.match(/^\/_standin\/subscriptions\/([\w-]+)\/renew$/);
      if (m && method === 'POST') {
        const sub = subscriptions.get(m[1]);
        if (!sub) return send(res, 404, { error: 'no such subscription' });
        return send(res, 200, renew(sub, Boolean(json.fail)));
      }
      return send(res, 404, { error: 'unknown stand-in hook' });
    }

    if (!p.startsWith('/v1/'))
      return send(res, 404, stripeError(404, `Unrecognized request URL (${method}: ${p}).`).body);
    if (!authorised(req)) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const params = method === 'POST' ? parseStripeForm(await readBody(req)) : {};
    const reply = (r) => send(res, r.status, r.body);

    if (p === '/v1/customers' && method === 'POST') return reply({ status: 200, body: newCustomer(params) });
    m = p.match(/^\/v1\/customers\/([\w-]+)$/);
    if (m) {
      const customer = customers.get(m[1]);
      if (!customer) return reply(stripeError(404, `No such customer: '${m[1]}'`, { code: 'resource_missing' }));
      if (method === 'POST')
        Object.assign(customer, { ...params, metadata: { ...customer.metadata, ...params.metadata } });
      return reply({ status: 200, body: customer });
    }
    if (p === '/v1/checkout/sessions' && method === 'POST') return reply(newSession(params));
    m = p.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
    if (m) {
      const session = sessions.get(m[1]);
      if (!session) return reply(stripeError(404, `No such checkout.session: '${m[1]}'`, { code: 'resource_missing' }));
      return reply({ status: 200, body: publicSession(session) });
    }
    m = p.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/);
    if (m && method === 'POST') {
      const session = sessions.get(m[1]);
      if (!session) return reply(stripeError(404, `No such checkout.session: '${m[1]}'`, { code: 'resource_missing' }));
      if (session.status === 'open') {
        session.status = 'expired';
        emit('checkout.session.expired', publicSession(session));
      }
      return reply({ status: 200, body: publicSession(session) });
    }
    m = p.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (m) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return reply(stripeError(404, `No such subscription: '${m[1]}'`, { code: 'resource_missing' }));
      if (method === 'POST') updateSubscription(sub, params);
      if (method === 'DELETE') {
        const previous = { status: sub.status };
        sub.status = 'canceled';
        sub.canceled_at = now();
        sub.ended_at = now();
        emit('customer.subscription.deleted', publicSubscription(sub), previous);
      }
      return reply({ status: 200, body: publicSubscription(sub) });
    }
    m = p.match(/^\/v1\/invoices\/([\w-]+)$/);
    if (m) {
      const invoice = invoices.get(m[1]);
      if (!invoice) return reply(stripeError(404, `No such invoice: '${m[1]}'`, { code: 'resource_missing' }));
      return reply({ status: 200, body: invoice });
    }
    return reply(stripeError(404, `Unrecognized request URL (${method}: ${p}).`));
  }

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    publicUrl,
    events,
    deliveries,
    sessions,
    subscriptions,
    /** Resolves when every webhook queued so far was delivered (or gave up). */
    idle: () => queue,
    pay: (sessionId, cardNumber) => pay(sessions.get(sessionId), cardNumber),
    renew: (subscriptionId, fail) => renew(subscriptions.get(subscriptionId), fail),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
