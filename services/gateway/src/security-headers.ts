// Security headers for everything the gateway answers. The CSP fits the React shell served from
// this origin plus Module Federation remotes that may live on other origins (remotes.json).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.js';

type Directives = Record<string, string[]>;

export function contentSecurityPolicy(config: GatewayConfig): Directives {
  const remotes = config.remoteOrigins;
  const directives: Directives = {
    'default-src': ["'self'"],
    // Remotes load remoteEntry/chunks as scripts, fetch their mf-manifest.json and bring CSS/assets.
    'script-src': ["'self'", ...remotes],
    // antd 6 injects its CSS-in-JS as <style> elements.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes],
    // PDF previews are shown from blob: URLs.
    'frame-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (config.isHttps) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // HSTS only makes sense (and is only honoured) on https; on http://localhost it would hurt.
    strictTransportSecurity: config.isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
