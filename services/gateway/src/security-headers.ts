// Security headers for everything the gateway answers. The CSP fits the React shell served from
// this origin plus Module Federation remotes that may live on other origins (remotes.json).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { GatewayConfig } from './config.js';
import { shellInlineScriptHashes } from './inline-scripts.js';

type Directives = Record<string, string[]>;

export function contentSecurityPolicy(config: GatewayConfig, inlineScripts: string[] = []): Directives {
  const remotes = config.remoteOrigins;
  const directives: Directives = {
    'default-src': ["'self'"],
    // Remotes load remoteEntry/chunks as scripts, fetch their mf-manifest.json and bring CSS/assets.
    // The shell's own inline scripts (the app shell of index.html) by their hash.
    'script-src': ["'self'", ...remotes, ...inlineScripts],
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

/**
 * The security headers as name → value. helmet's middleware runs once here against a response that
 * only records its headers: @fastify/helmet built the middleware anew on every request (parsing the
 * CSP directives each time), a measurable part of every API call through the gateway. The headers
 * depend on the configuration only.
 */
export function securityHeaders(
  config: GatewayConfig,
  inlineScripts: string[] = shellInlineScriptHashes(config.shellDist),
): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, inlineScripts) },
    // HSTS only makes sense (and is only honoured) on https; on http://localhost it would hurt.
    strictTransportSecurity: config.isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Every answer of the gateway (also errors and 404s) gets the security headers. */
export async function registerSecurityHeaders(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
