/**
 * Every page of every remote, declared once. The shell's route table, its `RemotePage` /
 * `PublicRemotePage` and each remote's exposed modules are typed by this list, and tests on both
 * sides fail when a page is missing from one of them (apps/shell/src/routing/route-table.spec.ts,
 * each remote's `App.spec.tsx`).
 *
 * Keys: the remote's Module Federation name (the key of /config/remotes.json), then the exposed
 * module: `App` for signed-in pages (inside the shell's antd layout), `PublicApp` for a customer's
 * token pages (no layout, no antd on their import path).
 */
export const REMOTE_PAGES = {
  admin: { App: ['users', 'settings', 'profile'] },
  time: {
    App: ['customers', 'projects', 'time-tracking', 'working-time', 'materials', 'expenses', 'scheduling'],
  },
  billing: {
    App: ['quotes', 'reports', 'invoices', 'accounting'],
    PublicApp: ['quote-acceptance', 'signature'],
  },
} as const;

type PageTable = typeof REMOTE_PAGES;

/** A remote's Module Federation name. */
export type RemoteName = keyof PageTable;
/** A module a remote exposes ('App' → './App'). */
export type RemoteModule<R extends RemoteName = RemoteName> = keyof PageTable[R] & string;
/** The pages one exposed module renders. */
export type RemotePageOf<
  R extends RemoteName,
  M extends RemoteModule<R> = 'App' & RemoteModule<R>,
> = PageTable[R][M] extends readonly (infer P)[] ? P : never;

export type AdminPage = RemotePageOf<'admin'>;
export type TimePage = RemotePageOf<'time'>;
export type BillingPage = RemotePageOf<'billing'>;
export type BillingPublicPage = RemotePageOf<'billing', 'PublicApp'>;

/** A signed-in page of a remote: what the shell's route table and RemotePage take. */
export type RemoteAppView = {
  [R in RemoteName]: { remote: R; page: RemotePageOf<R> };
}[RemoteName];

/** A public token page of a remote (rendered by `PublicApp`). */
export type RemotePublicView = {
  [R in RemoteName]: 'PublicApp' extends RemoteModule<R> ? { remote: R; page: RemotePageOf<R, 'PublicApp'> } : never;
}[RemoteName];

/** Props of an exposed `App`: the page to show. */
export interface RemoteAppProps<P extends string> {
  page: P;
}

/** Props of an exposed `PublicApp`: the page and its route parameters (`token`). */
export interface RemotePublicAppProps<P extends string> {
  page: P;
  params: { token: string };
}

/** The pages of one exposed module, e.g. `pagesOf('billing', 'PublicApp')`. */
export function pagesOf(remote: RemoteName, module: string): readonly string[] {
  const modules = REMOTE_PAGES[remote] as Record<string, readonly string[] | undefined>;
  return modules[module] ?? [];
}

/** Every (remote, module, page) of the list, for tests that compare it with a route table. */
export function allRemotePages(): { remote: RemoteName; module: string; page: string }[] {
  return (Object.keys(REMOTE_PAGES) as RemoteName[]).flatMap((remote) =>
    Object.entries(REMOTE_PAGES[remote] as Record<string, readonly string[]>).flatMap(([module, pages]) =>
      pages.map((page) => ({ remote, module, page })),
    ),
  );
}
