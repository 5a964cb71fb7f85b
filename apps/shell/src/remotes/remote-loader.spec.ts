/** @jest-environment node */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';

/** Stand-in for the federation instance the build plugin creates (the runtime is the boundary here). */
const registerRemotes = jest.fn<(remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void>();
const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({ registerRemotes, loadRemote }),
  createInstance: () => {
    throw new Error('the host instance must be used');
  },
}));

const { loadRemoteModule, REMOTES_CONFIG_URL } = await import('./remote-loader');

const configFetches: string[] = [];
let configStatus = 200;
globalThis.fetch = (async (input: RequestInfo | URL) => {
  configFetches.push(String(input));
  return new Response(JSON.stringify({ admin: '/remotes/admin/mf-manifest.json' }), {
    status: configStatus,
    headers: { 'content-type': 'application/json' },
  });
}) as typeof fetch;

describe('remote loader', () => {
  beforeEach(() => {
    registerRemotes.mockClear();
    loadRemote.mockReset();
  });

  it('reads /config/remotes.json, registers the remote once and loads <remote>/<expose>', async () => {
    const module = { default: () => null };
    loadRemote.mockResolvedValue(module);
    await expect(loadRemoteModule('admin', 'App')).resolves.toBe(module);
    await expect(loadRemoteModule('admin', 'App')).resolves.toBe(module);
    expect(configFetches).toEqual([REMOTES_CONFIG_URL]);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'admin', entry: '/remotes/admin/mf-manifest.json' }], {
      force: false,
    });
    expect(loadRemote).toHaveBeenCalledWith('admin/App');
  });

  it('after a failure the retry reloads the config and re-registers with force', async () => {
    loadRemote.mockRejectedValueOnce(new Error('Failed to get manifest'));
    await expect(loadRemoteModule('admin', 'App')).rejects.toThrow('Failed to get manifest');
    const fetchesBefore = configFetches.length;
    loadRemote.mockResolvedValueOnce({ default: () => null });
    await expect(loadRemoteModule('admin', 'App')).resolves.toBeDefined();
    expect(configFetches.length).toBe(fetchesBefore + 1);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'admin', entry: '/remotes/admin/mf-manifest.json' }], {
      force: true,
    });
  });

  it('fails clearly when the remote is not configured or the config cannot be read', async () => {
    await expect(loadRemoteModule('billing', 'App')).rejects.toThrow('Remote «billing» fehlt in /config/remotes.json');
    configStatus = 503;
    loadRemote.mockRejectedValueOnce(new Error('down'));
    await expect(loadRemoteModule('admin', 'App')).rejects.toThrow('down');
    await expect(loadRemoteModule('admin', 'App')).rejects.toThrow('/config/remotes.json: HTTP 503');
    configStatus = 200;
  });
});
