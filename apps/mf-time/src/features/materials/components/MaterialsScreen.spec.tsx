import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MaterialDto, MaterialUsageDto, ProjectDto, Role } from '@zunft/contracts';
import { aMaterial, aUsage } from '../../../test/materials';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import type { QueryClient } from '@tanstack/react-query';
import { PROJECT_SELECT_PAGE_SIZE, projectsKeys } from '../../projects/api/useProjects';
import { materialsApi } from '../api/materials.api';
import { NO_USAGE_FILTER, materialsKeys } from '../api/useMaterials';
import { MaterialsScreen } from './MaterialsScreen';

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
  }: { materials?: MaterialDto[]; usage?: MaterialUsageDto[]; route?: string },
) {
  const client = testQueryClient();
  client.setQueryData(materialsKeys.list(), materials);
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
});

describe('MaterialsScreen stat cards', () => {
  it('the material figures show while the usage count still waits for the usage list', async () => {
    jest.spyOn(materialsApi, 'usage').mockReturnValue(new Promise(() => undefined));
    const client = testQueryClient();
    client.setQueryData(materialsKeys.list(), [aMaterial({ stock_quantity: 2, unit_price: 4.5 })]);
    seedProjects(client);
    const Session = signedInAs('backoffice');
    renderWithProviders(
      <Session>
        <MaterialsScreen />
      </Session>,
      { route: '/materials', client },
    );
    const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
    await screen.findByText('Lagerwert', {}, { timeout: 5000 });
    expect(card('Lagerwert').textContent).toContain('CHF 9.00');
    expect(card('Lagerwert').getAttribute('aria-busy')).toBeNull();
    expect(card('Verbrauchs\u00adeinträge').getAttribute('aria-busy')).toBe('true');
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
    // 3 × 4.35 + 40 × 8.90 = 369.05
    expect(statCard('Lagerwert')).toContain('CHF 369.05');
    expect(statCard('Niedriger Bestand')).toContain('1');
    expect(statCard('Verbrauchs\u00adeinträge')).toContain('1');
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
    const usage = jest.spyOn(materialsApi, 'usage').mockImplementation(async (filter) => ({
      items: all.slice((filter.page - 1) * filter.pageSize, filter.page * filter.pageSize),
      total: all.length,
      page: filter.page,
      pageSize: filter.pageSize,
      nextCursor: null,
    }));
    const client = testQueryClient();
    client.setQueryData(materialsKeys.list(), [aMaterial()]);
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
  });
});
