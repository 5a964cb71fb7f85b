import { isIP } from 'node:net';
import { z } from 'zod';
import { loadConfig } from '../config/load-config.js';

const PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyEntry = (entry: string) => {
  if (PRESETS.includes(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !ip || !isIP(ip)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
};

/**
 * Where a Nest service listens and whom it believes about `X-Forwarded-For`:
 * - `HOST` (default 127.0.0.1): locally the services are reachable from this machine only, behind
 *   the gateway; in a container `0.0.0.0` (deploy/k8s sets it, NetworkPolicies limit who connects).
 * - `TRUSTED_PROXIES` (default `loopback`, the gateway on the same host): comma-separated IPs, CIDRs
 *   or `loopback`/`linklocal`/`uniquelocal`; in the cluster the gateway pods' network. Forwarded
 *   headers from any other peer are ignored (the peer's own address counts).
 */
export const serviceNetworkEnvSchema = z.object({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  TRUSTED_PROXIES: z
    .string()
    .default('loopback')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.length > 0 && list.every(isProxyEntry),
      'comma-separated IPs, CIDRs (10.42.0.0/16) or loopback/linklocal/uniquelocal',
    ),
});

export interface ServiceNetwork {
  host: string;
  /** For Express: `app.set('trust proxy', trustProxy)`. */
  trustProxy: string[];
}

export function serviceNetwork(env: Record<string, string | undefined> = process.env): ServiceNetwork {
  const c = loadConfig(serviceNetworkEnvSchema, env);
  return { host: c.HOST, trustProxy: c.TRUSTED_PROXIES };
}
