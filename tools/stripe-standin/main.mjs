// The Stripe stand-in as its own process (`npm start` and the e2e stack start it when no real
// STRIPE_SECRET_KEY is set). See README.md next to this file.
import { startStripeStandin } from './standin.mjs';

const env = process.env;
const standin = await startStripeStandin({
  port: Number(env.PORT ?? env.STRIPE_STANDIN_PORT ?? 12111),
  host: env.HOST ?? '127.0.0.1',
  publicUrl: env.STRIPE_STANDIN_PUBLIC_URL,
  secretKey: env.STRIPE_SECRET_KEY,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? 'whsec_zunft_standin',
  webhookUrl: env.STRIPE_WEBHOOK_URL,
  log: (msg) => console.error(msg),
});
console.log(
  JSON.stringify({
    level: 'info',
    service: 'stripe-standin',
    port: standin.port,
    webhookUrl: env.STRIPE_WEBHOOK_URL ?? null,
    msg: 'Stripe stand-in listening',
  }),
);
const stop = () => standin.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
