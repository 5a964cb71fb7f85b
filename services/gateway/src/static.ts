// The built shell at `/` (with SPA fallback), each remote under `/remotes/<name>/`, and the
// run-time remote list at `/config/remotes.json`, so a remote is redeployed without a shell build.
import { access } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from './config.js';
import { MESSAGES, sendError } from './errors.js';
import { isApiPath, pathOf } from './routes.js';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/** Files whose name carries a content hash, e.g. main.3f9a1c2b.js or 812.a1b2c3d4e5f6.chunk.css. */
const HASHED_FILE = /[.-][0-9a-f]{8,}(?:\.[a-z0-9]+)+$/i;
const PRECOMPRESSED = /\.(br|gz)$/;
/** Module Federation entry points: their names never change, so they must always be revalidated. */
const MF_ENTRY_FILES = new Set(['mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);

/** Cache-Control for a static file: hashed assets forever, everything else revalidated (ETag). */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(PRECOMPRESSED, '');
  if (name.endsWith('.html') || MF_ENTRY_FILES.has(name)) return CACHE_REVALIDATE;
  return HASHED_FILE.test(name) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

/** A last path segment with an extension is a file request, never an SPA route. */
function looksLikeFile(urlPath: string): boolean {
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(last);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/**
 * The shell's public site (landing, pricing, about): its own lean build in `site/` of the shell's
 * dist (apps/shell/src/site). These paths get its HTML; every other page the full app's index.html.
 */
export const SITE_PATHS = ['/', '/pricing', '/about'] as const;
export const SITE_INDEX = 'site/index.html';

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

export async function registerStatic(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const indexFile = path.join(config.shellDist, 'index.html');
  const siteIndexFile = path.join(config.shellDist, SITE_INDEX);
  if (!(await exists(indexFile))) {
    app.log.warn({ shellDist: config.shellDist }, 'shell build not found (index.html missing); build apps/shell first');
  }

  app.get('/config/remotes.json', (_request, reply) => {
    reply.header('cache-control', CACHE_REVALIDATE).send(config.remotes);
  });

  await app.register(fastifyStatic, {
    root: config.shellDist,
    prefix: '/',
    wildcard: true,
    // `/` is a route of its own (the public site, see SITE_PATHS).
    index: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    suppressWarning: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  for (const remote of config.remoteDirs) {
    if (!(await exists(remote.dir))) {
      app.log.warn({ remote: remote.name, dir: remote.dir }, 'remote build not found; build it first');
    }
    await app.register(fastifyStatic, {
      root: remote.dir,
      prefix: `/remotes/${remote.name}/`,
      decorateReply: false,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      suppressWarning: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
        // The shell may live on another origin than the remote (CDN): manifest and chunks are
        // public build output, so any origin may read them.
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  async function sendShellIndex(reply: FastifyReply): Promise<FastifyReply> {
    if (!(await exists(indexFile))) return sendError(reply, 503, MESSAGES.shellMissing);
    // The not-found handler starts with status 404; the SPA answer is a normal 200 page.
    // setHeaders sets `no-cache` for index.html.
    return reply.code(200).sendFile('index.html', config.shellDist);
  }

  /** The public site's HTML for its paths; the full app's while the site is not built. */
  async function sendSiteIndex(reply: FastifyReply): Promise<FastifyReply> {
    if (!(await exists(siteIndexFile))) return sendShellIndex(reply);
    return reply.code(200).sendFile(SITE_INDEX, config.shellDist);
  }

  for (const sitePath of SITE_PATHS) {
    app.get(sitePath, (_request, reply) => sendSiteIndex(reply));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = pathOf(request.url);
    if (isApiPath(urlPath)) return sendError(reply, 404, MESSAGES.unknownApiPath);
    if (urlPath === '/remotes' || urlPath.startsWith('/remotes/')) return sendError(reply, 404, MESSAGES.fileNotFound);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && acceptsHtml(request) && !looksLikeFile(urlPath)) return sendShellIndex(reply);
    return sendError(reply, 404, looksLikeFile(urlPath) ? MESSAGES.fileNotFound : MESSAGES.notFound);
  });
}
