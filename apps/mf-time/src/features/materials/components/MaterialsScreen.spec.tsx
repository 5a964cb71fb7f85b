import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MaterialDto, MaterialStatsResponse, MaterialUsageDto, ProjectDto, Role } from '@zunft/contracts';
import { aMaterial, aUsage } from '../../../test/materials';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import type { QueryClient } from '@tanstack/react-query';
import { PROJECT_SELECT_PAGE_SIZE, projectsKeys } from '../../projects/api/useProjects';
import { materialsApi } from '../api/materials.api';
import { NO_USAGE_FILTER, materialsKeys } from '../api/useMaterials';
import { resetOfflineMaterials } from '../offline/offlineMaterials';
import { MaterialsScreen } from './MaterialsScreen';

/**
 * The server's catalogue: GET /materials?search&page&pageSize (search on the name here) and
 * GET /materials/stats; the offline copy's walk (GET /materials?cursor) finds nothing.
 */
function serveCatalogue(materials: MaterialDto[], stats: Partial<MaterialStatsResponse> = {}) {
  jest.spyOn(materialsApi, 'stats').mockResolvedValue({
    material_count: materials.length,
    low_stock_count: 0,
    stock_value: 0,
    usage_count: 0,
    ...stats,
  });
  jest
    .spyOn(materialsApi, 'after')
    .mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 200, nextCursor: null });
  return jest.spyOn(materialsApi, 'page').mockImplementation(async (filter) => {
    const found = materials.filter((m) => m.name.toLowerCase().includes(filter.search.toLowerCase()));
    const start = (filter.page - 1) * filter.pageSize;
    return {
      items: found.slice(start, start + filter.pageSize),
      total: found.length,
      page: filter.page,
      pageSize: filter.pageSize,
      nextCursor: null,
    };
  });
}

const project = {
  id: 'a0c1e2f3-0000-4000-8000-000000000001',
  title: 'Badsanierung Meier',
  project_number: 'P-2026-0001',
  status: 'in_progress',
} as ProjectDto;

/** The project calls' answers (the filter's first 20 matches, the linked project by id), never the whole list. */
function seedProjects(client: QueryClient) {
  const items = [project];
  client.setQueryData(projectsKeys.page({ search: '', status: null, page: 1, pageSize: PROJECT_SELECT_PAGE_SIZE }), {
    items,
    total: items.length,
    page: 1,
    pageSize: PROJECT_SELECT_PAGE_SIZE,
    nextCursor: null,
  });
  client.setQueryData(projectsKeys.one(project.id), project);
}

function renderAs(
  role: Role,
  {
    materials = [],
    usage = [],
    route = '/materials',
    stats = {},
  }: { materials?: MaterialDto[]; usage?: MaterialUsageDto[]; route?: string; stats?: Partial<MaterialStatsResponse> },
) {
  serveCatalogue(materials, stats);
  const client = testQueryClient();
  const page = { items: usage, total: usage.length, page: 1, pageSize: NO_USAGE_FILTER.pageSize, nextCursor: null };
  client.setQueryData(materialsKeys.usage(NO_USAGE_FILTER), page);
  client.setQueryData(materialsKeys.usage({ ...NO_USAGE_FILTER, projectId: project.id }), page);
  seedProjects(client);
  const Session = signedInAs(role);
  return renderWithProviders(
    <Session>
      <MaterialsScreen />
    </Session>,
    { route, client },
  );
}

const statCard = (title: string) => screen.getByText(title).closest('.ant-card')?.textContent ?? '';

afterEach(() => {
  jest.restoreAllMocks();
  resetOfflineMaterials();
});

describe('MaterialsScreen stat cards', () => {
  it("show the server's figures over the whole catalogue, not the page shown", async () => {
    renderAs('backoffice', {
      materials: [aMaterial({ stock_quantity: 2, unit_price: 4.5 })],
      stats: { material_count: 100_000, low_stock_count: 1234, stock_value: 1_234_567.85, usage_count: 42 },
    });
    await screen.findByText('Kupferrohr 15 mm', {}, { timeout: 5000 });
    await waitFor(() => expect(statCard('Lagerwert')).toContain("CHF 1'234'567.85"));
    expect(statCard('Niedriger Bestand')).toContain('1234');
    expect(statCard('Verbrauchs\u00adeinträge')).toContain('42');
  }, 60_000);

  it('show a dash when the figures did not load', async () => {
    serveCatalogue([aMaterial()]);
    jest.spyOn(materialsApi, 'stats').mockRejectedValue(new Error('kaputt'));
    const client = testQueryClient();
    seedProjects(client);
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <MaterialsScreen />
      </Session>,
      { route: '/materials', client },
    );
    await screen.findByText('Kupferrohr 15 mm', {}, { timeout: 5000 });
    await waitFor(() => expect(statCard('Lagerwert')).toContain('–'));
  }, 60_000);
});

describe('the catalogue pages and searches on the server (issue 29: 100,000 articles)', () => {
  it('asks for page 1 of 50, shows the total, asks for page 2; a search asks the server from page 1', async () => {
    const all = Array.from({ length: 120 }, (_, i) =>
      aMaterial({ id: `m${i + 1}`, name: `Artikel ${String(i + 1).padStart(3, '0')}` }),
    );
    const page = serveCatalogue(all);
    const client = testQueryClient();
    seedProjects(client);
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <MaterialsScreen />
      </Session>,
      { route: '/materials', client },
    );
    expect(await screen.findByText('Artikel 001', {}, { timeout: 5000 })).toBeTruthy();
    expect(page.mock.calls.map((c) => c[0])).toEqual([{ search: '', page: 1, pageSize: 50 }]);
    expect(screen.queryByText('Artikel 051')).toBeNull();
    expect(screen.getByText('120 Artikel')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Artikel 051')).toBeTruthy();
    expect(page.mock.calls.at(-1)?.[0]).toEqual({ search: '', page: 2, pageSize: 50 });
    fireEvent.change(screen.getByLabelText('Material suchen (Name, Artikelnummer, EAN)…'), {
      target: { value: 'Artikel 11' },
    });
    expect(await screen.findByText('Artikel 110')).toBeTruthy();
    expect(page.mock.calls.at(-1)?.[0]).toEqual({ search: 'Artikel 11', page: 1, pageSize: 50 });
    // 11, 110–119: one page, no pager
    expect(screen.queryByText('Artikel 051')).toBeNull();
    expect(screen.queryByTitle('2')).toBeNull();
    fireEvent.change(screen.getByLabelText('Material suchen (Name, Artikelnummer, EAN)…'), {
      target: { value: 'Dübel' },
    });
    expect(await screen.findByText('Kein Material gefunden')).toBeTruthy();
  }, 60_000);
});

describe('MaterialsScreen by role (part 1 §2, §6)', () => {
  it('the office gets the create button; cards show stock, price and the low-stock warning', async () => {
    renderAs('backoffice', {
      materials: [
        aMaterial({ id: 'm1', name: 'Kupferrohr 15 mm', stock_quantity: 3, min_stock: 5, unit_price: 4.35 }),
        aMaterial({ id: 'm2', name: 'Silikon weiss', unit: 'Stk', stock_quantity: 40, min_stock: 5, unit_price: 8.9 }),
      ],
      usage: [aUsage()],
    });
    expect(await screen.findByRole('button', { name: /Neues Material/ }, { timeout: 5000 })).toBeTruthy();
    const low = screen.getByText('Kupferrohr 15 mm').closest('.ant-card') as HTMLElement;
    expect(within(low).getAllByText('Niedriger Lagerbestand').length).toBeGreaterThan(0);
    expect(low.textContent).toContain('3 m');
    expect(low.textContent).toContain('CHF 4.35 / m');
    const ok = screen.getByText('Silikon weiss').closest('.ant-card') as HTMLElement;
    expect(within(ok).queryByText('Niedriger Lagerbestand')).toBeNull();
  }, 60_000);

  it('employees get no create button, but the empty state offers the first material', async () => {
    renderAs('employee', { materials: [] });
    const first = await screen.findByRole('button', { name: /Erstes Material anlegen/ }, { timeout: 5000 });
    // Let the session settle so a late office render would show up.
    await screen.findByText('Verbrauchs\u00adeinträge');
    expect(screen.queryByRole('button', { name: /Neues Material/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Verbrauch erfassen/ })).toBeTruthy();
    fireEvent.click(first);
    expect((await screen.findByRole('dialog', {}, { timeout: 5000 })).textContent).toContain('Neues Material');
  }, 60_000);

  it('employees with materials see neither create, edit nor delete', async () => {
    renderAs('employee', { materials: [aMaterial()] });
    await screen.findByText('Kupferrohr 15 mm', {}, { timeout: 5000 });
    await screen.findByText('Verbrauchs\u00adeinträge');
    expect(screen.queryByRole('button', { name: /Neues Material/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Bearbeiten/ })).toBeNull();
  }, 60_000);
});

describe('usage tab', () => {
  const entries = [
    aUsage({ id: 'u1', material_name: 'Kupferrohr 15 mm', status: 'pending' }),
    aUsage({ id: 'u2', material_name: 'Silikon weiss', status: 'approved' }),
    aUsage({ id: 'u3', material_name: 'Dübel 8 mm', status: 'rejected', rejection_reason: 'Falsches Projekt' }),
  ];
  const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

  it('?project= opens the usage of that project; approve only on pending entries for the office', async () => {
    renderAs('admin', { materials: [aMaterial()], usage: entries, route: `/materials?project=${project.id}` });
    await screen.findByText('Silikon weiss', {}, { timeout: 5000 });
    expect((await screen.findAllByText('Mitarbeiter')).length).toBeGreaterThan(0);
    expect(within(row('Kupferrohr 15 mm')).getByText('Ausstehend')).toBeTruthy();
    expect(within(row('Kupferrohr 15 mm')).getByRole('button', { name: 'Genehmigen' })).toBeTruthy();
    expect(within(row('Silikon weiss')).getByText('Genehmigt')).toBeTruthy();
    expect(within(row('Silikon weiss')).queryByRole('button', { name: 'Genehmigen' })).toBeNull();
    expect(within(row('Dübel 8 mm')).getByText('Abgelehnt')).toBeTruthy();
    expect(within(row('Dübel 8 mm')).getByText('Abgelehnt: Falsches Projekt')).toBeTruthy();
    expect(within(row('Dübel 8 mm')).queryByRole('button', { name: 'Genehmigen' })).toBeNull();
    expect(within(row('Silikon weiss')).queryByRole('button', { name: 'Ablehnen' })).toBeNull();
    // Rejecting asks for a reason.
    fireEvent.click(within(row('Kupferrohr 15 mm')).getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Materialverbrauch ablehnen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByText('Begründung ist erforderlich')).toBeTruthy();
    expect(row('Kupferrohr 15 mm').textContent).toContain('02.03.2026');
    expect(row('Kupferrohr 15 mm').textContent).toContain('2.5 m');
    expect(row('Kupferrohr 15 mm').textContent).toContain('CHF 10.88');
    // The project filter shows the project of the link.
    expect(screen.getAllByText('Badsanierung Meier · P-2026-0001').length).toBeGreaterThan(0);
  }, 60_000);

  it('employees never see approve, only delete on their own pending entries', async () => {
    renderAs('employee', { materials: [aMaterial()], usage: entries, route: `/materials?project=${project.id}` });
    await screen.findByText('Silikon weiss', {}, { timeout: 5000 });
    await screen.findByText('Verbrauchs\u00adeinträge');
    expect(screen.queryByRole('button', { name: 'Genehmigen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ablehnen' })).toBeNull();
    expect(screen.queryAllByText('Mitarbeiter')).toEqual([]);
    expect(within(row('Silikon weiss')).queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(within(row('Dübel 8 mm')).queryByRole('button', { name: 'Löschen' })).toBeNull();
  }, 60_000);

  it('the office deletes entries of every status; for approved ones the question says the stock comes back', async () => {
    renderAs('backoffice', { materials: [aMaterial()], usage: entries, route: `/materials?project=${project.id}` });
    await screen.findByText('Silikon weiss', {}, { timeout: 5000 });
    expect((await screen.findAllByText('Mitarbeiter')).length).toBeGreaterThan(0);
    for (const name of ['Kupferrohr 15 mm', 'Silikon weiss', 'Dübel 8 mm'])
      expect(within(row(name)).getByRole('button', { name: 'Löschen' })).toBeTruthy();
    // only pending entries can be edited
    expect(within(row('Kupferrohr 15 mm')).getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    expect(within(row('Silikon weiss')).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(within(row('Dübel 8 mm')).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();

    fireEvent.click(within(row('Silikon weiss')).getByRole('button', { name: 'Löschen' }));
    expect(
      await screen.findByText(
        'Genehmigten Materialverbrauch wirklich löschen? 2.5 m werden dem Lagerbestand von «Silikon weiss» wieder gutgeschrieben.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    fireEvent.click(within(row('Dübel 8 mm')).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Materialverbrauch wirklich löschen?', {}, { timeout: 5000 })).toBeTruthy();
  }, 60_000);
});

describe('usage pages on the server', () => {
  it('asks for page 1 of 50, shows the server total, asks for page 2, and a filter starts on page 1 again', async () => {
    const all = Array.from({ length: 120 }, (_, i) => aUsage({ id: `u${i + 1}`, material_name: `Material ${i + 1}` }));
    // The server's answer for the asked page and size, cut to its first 3 entries: what is asked
    // (page, pageSize 50) and shown (the server's rows and total) is the point, not 50 rendered rows
    // per page, which under jsdom took 72 s on this machine at load 14 (18 s so), beyond the limit.
    const usage = jest.spyOn(materialsApi, 'usage').mockImplementation(async (filter) => ({
      items: all.slice((filter.page - 1) * filter.pageSize, (filter.page - 1) * filter.pageSize + 3),
      total: all.length,
      page: filter.page,
      pageSize: filter.pageSize,
      nextCursor: null,
    }));
    serveCatalogue([aMaterial()], { usage_count: 120 });
    const client = testQueryClient();
    seedProjects(client);
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <MaterialsScreen />
      </Session>,
      { route: `/materials?project=${project.id}`, client },
    );
    expect((await screen.findAllByText('Material 1')).length).toBeGreaterThan(0);
    expect(usage.mock.calls.map((c) => c[0])).toContainEqual({ ...NO_USAGE_FILTER, projectId: project.id });
    expect(screen.getByText('120 Einträge')).toBeTruthy();
    expect(statCard('Verbrauchs\u00adeinträge')).toContain('120');
    expect(screen.queryByText('Material 51')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect((await screen.findAllByText('Material 51')).length).toBeGreaterThan(0);
    expect(usage.mock.calls.at(-1)?.[0]).toEqual({ ...NO_USAGE_FILTER, projectId: project.id, page: 2 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Nach Status filtern' }));
    fireEvent.click(await screen.findByTitle('Genehmigt'));
    await waitFor(() =>
      expect(usage.mock.calls.at(-1)?.[0]).toEqual({ ...NO_USAGE_FILTER, projectId: project.id, status: 'approved' }),
    );
  }, 60_000);
});
