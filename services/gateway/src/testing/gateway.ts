// Starts a real gateway on an ephemeral port, configured through the same env parsing as main.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Agent, request } from 'undici';
import { buildGateway } from '../app.js';
import { loadConfig, type GatewayConfig } from '../config.js';

export interface TestGateway {
  app: FastifyInstance;
  config: GatewayConfig;
  url: string;
  close(): Promise<void>;
}

export async function startGateway(env: Record<string, string>): Promise<TestGateway> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    SHELL_DIST: '/nonexistent/zunft-shell-dist',
    REMOTE_DIRS: '',
    ...env,
  });
  const app = await buildGateway(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, config, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export type RequestOptions = Omit<NonNullable<Parameters<typeof request>[1]>, 'dispatcher'>;

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/** One keep-alive client per spec file; close it in afterAll. */
export function createClient() {
  const agent = new Agent({ keepAliveTimeout: 1_000 });
  async function send(url: string, options: RequestOptions = {}): Promise<HttpResult> {
    const response = await request(url, { dispatcher: agent, ...options });
    const body = Buffer.from(await response.body.arrayBuffer());
    const text = body.toString('utf8');
    return {
      status: response.statusCode,
      headers: response.headers,
      body,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }
  return { send, close: () => agent.close() };
}

export async function makeTempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `zunft-gw-${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
