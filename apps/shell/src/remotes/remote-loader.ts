import { createInstance, getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';

/** `/config/remotes.json`: remote name -> manifest URL, e.g. `{ "admin": "/remotes/admin/mf-manifest.json" }`. */
export type RemotesConfig = Record<string, string>;

export const REMOTES_CONFIG_URL = '/config/remotes.json';
const LOAD_TIMEOUT_MS = 20_000;

let configPromise: Promise<RemotesConfig> | null = null;
/** 'registered' after registerRemotes; 'failed' once a load failed (the next try re-registers with force). */
const remoteState = new Map<string, 'registered' | 'failed'>();

function isRemotesConfig(value: unknown): value is RemotesConfig {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

/** Reads the runtime remote list once; `fresh` reads it again (retry after a failure). */
export function loadRemotesConfig(
  fresh = false,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<RemotesConfig> {
  if (fresh || !configPromise) {
    configPromise = fetchImpl(REMOTES_CONFIG_URL, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL}: HTTP ${response.status}`);
        const data: unknown = await response.json();
        if (!isRemotesConfig(data)) throw new Error(`${REMOTES_CONFIG_URL}: ungültiges Format`);
        return data;
      })
      .catch((error: unknown) => {
        configPromise = null;
        throw error;
      });
  }
  return configPromise;
}

/** The federation instance the build plugin created for the host (a bare one in tests). */
function federation(): ModuleFederation {
  return getInstance() ?? createInstance({ name: 'shell', remotes: [] });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: Zeitüberschreitung nach ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Loads `<remote>/<expose>` through the Module Federation runtime. Remotes are registered from
 * /config/remotes.json on first use, so a remote can be redeployed without rebuilding the shell.
 * After a failed attempt the next call reloads the config and re-registers the remote (`force`),
 * which drops the runtime's cached manifest and entry — a real retry, not a cached failure.
 */
export async function loadRemoteModule<T>(remote: string, expose: string): Promise<T> {
  const id = `${remote}/${expose}`;
  const failedBefore = remoteState.get(remote) === 'failed';
  try {
    const config = await loadRemotesConfig(failedBefore);
    const entry = config[remote];
    if (!entry) throw new Error(`Remote «${remote}» fehlt in ${REMOTES_CONFIG_URL}`);
    const mf = federation();
    if (!remoteState.has(remote) || failedBefore) {
      mf.registerRemotes([{ name: remote, entry }], { force: failedBefore });
      remoteState.set(remote, 'registered');
    }
    const module = await withTimeout(mf.loadRemote<T>(id), LOAD_TIMEOUT_MS, id);
    if (!module) throw new Error(`${id} lieferte kein Modul`);
    return module;
  } catch (error) {
    remoteState.set(remote, 'failed');
    throw error;
  }
}
