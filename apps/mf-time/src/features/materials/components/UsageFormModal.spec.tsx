import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MaterialDto, ProjectDto } from '@zunft/contracts';
import { ApiError, NETWORK_MESSAGE, TIMEOUT_MESSAGE, toast, type ToastMessage } from '@zunft/web-common';
import { aMaterial, aUsage } from '../../../test/materials';
import { renderWithProviders } from '../../../test/render';
import { projectsApi } from '../../projects/api/projects.api';
import { signedInAs } from '../../../test/session';
import { materialsApi } from '../api/materials.api';
import { memoryArticleStore } from '../offline/offlineArticles';
import { createOfflineMaterials, resetOfflineMaterials } from '../offline/offlineMaterials';
import { memoryUsageQueue } from '../offline/usageQueue';
import { UsageFormModal } from './UsageFormModal';

const project = {
  id: 'a0c1e2f3-0000-4000-8000-000000000001',
  title: 'Badsanierung Meier',
  project_number: 'P-2026-0001',
  status: 'in_progress',
} as ProjectDto;

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const d = new Date();
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
};

let unsubscribe: (() => void) | null = null;
/** The server's project search: the project and 30 others; the first 20 matches. */
const others = Array.from({ length: 30 }, (_, i) => ({
  ...project,
  id: `b0c1e2f3-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
  title: `Umbau ${i}`,
  project_number: `P-2026-1${String(i).padStart(2, '0')}`,
}));
/** The server's catalogue search: «Kupferrohr 15 mm» and 30 cables; the first 20 matches. */
const cables = Array.from({ length: 30 }, (_, i) =>
  aMaterial({
    id: `c0c1e2f3-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    name: `Kabel ${i}`,
    unit_price: 1.5,
  }),
);
let queue = memoryUsageQueue();
let projectPage: ReturnType<typeof jest.spyOn>;
let materialPage: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  resetOfflineMaterials(createOfflineMaterials(memoryArticleStore(), queue, (body) => materialsApi.createUsage(body)));
  materialPage = jest.spyOn(materialsApi, 'page').mockImplementation(async (filter) => {
    const needle = filter.search.toLowerCase();
    const items = [aMaterial(), ...cables].filter((m) => m.name.toLowerCase().includes(needle));
    return { items: items.slice(0, filter.pageSize), total: items.length, page: 1, pageSize: filter.pageSize };
  });
  projectPage = jest.spyOn(projectsApi, 'page').mockImplementation(async (filter) => {
    const needle = filter.search.toLowerCase();
    const items = [...others, project].filter((p) => `${p.title} ${p.project_number}`.toLowerCase().includes(needle));
    return {
      items: items.slice(0, filter.pageSize),
      total: items.length,
      page: 1,
      pageSize: filter.pageSize,
      nextCursor: null,
    };
  });
});

afterEach(() => {
  queue = memoryUsageQueue();
  resetOfflineMaterials();
  jest.restoreAllMocks();
  unsubscribe?.();
  unsubscribe = null;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderModal(
  props: { initialProject?: ProjectDto | null; initialMaterial?: MaterialDto | null; onClose?: () => void } = {},
) {
  const Session = signedInAs('employee');
  return renderWithProviders(
    <Session>
      <UsageFormModal
        open
        usage={null}
        initialProject={props.initialProject ?? null}
        initialMaterial={props.initialMaterial ?? null}
        withPrice={false}
        onClose={props.onClose ?? (() => undefined)}
      />
    </Session>,
  );
}

describe('UsageFormModal (part 1 §5)', () => {
  it('requires project, material and quantity; the date defaults to today', async () => {
    renderModal();
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByLabelText('Datum') as HTMLInputElement).value).toBe(today());
    fireEvent.click(screen.getByRole('button', { name: 'Erfassen' }));
    expect(await screen.findByText('Projekt ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Material ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Menge ist erforderlich')).toBeTruthy();
  }, 60_000);

  it('rejects a quantity below 0.01 and preselects the project of ?project=', async () => {
    renderModal({ initialProject: project });
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await screen.findByText('Badsanierung Meier · P-2026-0001')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Menge'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erfassen' }));
    expect(await screen.findByText('Menge muss mindestens 0.01 sein')).toBeTruthy();
    expect(screen.queryByText('Projekt ist erforderlich')).toBeNull();
  }, 60_000);

  it('the project select asks the server for 20 matches, searches there (debounced) and keeps the preselected project labelled', async () => {
    renderModal({ initialProject: project });
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    await waitFor(() => expect(projectPage).toHaveBeenCalled());
    expect(projectPage.mock.calls[0]?.[0]).toEqual({ search: '', status: null, page: 1, pageSize: 20 });
    // The preselected project is not among the first 20 matches, yet its label is shown.
    expect(await screen.findByText('Badsanierung Meier · P-2026-0001')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Projekt'), { target: { value: 'Umbau 25' } });
    await waitFor(() => expect(projectPage.mock.calls.at(-1)?.[0]).toMatchObject({ search: 'Umbau 25' }));
    expect(projectPage.mock.calls.filter((c: unknown[]) => (c[0] as { search: string }).search !== '')).toHaveLength(1);
    expect(await screen.findByTitle('Umbau 25 · P-2026-125')).toBeTruthy();
  }, 60_000);

  it('the material select asks the server for 20 matches, searches there and keeps the preselected article', async () => {
    renderModal({ initialProject: project, initialMaterial: aMaterial() });
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    await waitFor(() => expect(materialPage).toHaveBeenCalled());
    expect(materialPage.mock.calls[0]?.[0]).toEqual({ search: '', page: 1, pageSize: 20 });
    expect(await screen.findByText('Kupferrohr 15 mm (CHF 4.35 / m)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Material'), { target: { value: 'Kabel 27' } });
    await waitFor(() =>
      expect(materialPage.mock.calls.at(-1)?.[0]).toEqual({ search: 'Kabel 27', page: 1, pageSize: 20 }),
    );
    expect(await screen.findByTitle('Kabel 27 (CHF 1.50 / m)')).toBeTruthy();
    // 2.5 m × CHF 4.35 = CHF 10.875 → 10.88 (the preselected article's price, not a search match's)
    fireEvent.change(screen.getByLabelText('Menge'), { target: { value: '2.5' } });
    expect((await screen.findByTestId('usage-amount')).textContent).toContain('CHF 10.88');
  }, 60_000);

  it('without a connection the entry waits on the phone with its id, and the dialog says so and closes', async () => {
    const create = jest
      .spyOn(materialsApi, 'createUsage')
      .mockRejectedValue(new ApiError(0, NETWORK_MESSAGE, null, 'network'));
    const toasts: ToastMessage[] = [];
    unsubscribe = toast.subscribe((m) => toasts.push(m));
    const onClose = jest.fn();
    renderModal({ initialProject: project, initialMaterial: aMaterial(), onClose });
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Menge'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erfassen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts.map((m) => [m.type, m.text])).toEqual([
      ['info', 'Ohne Verbindung: Der Verbrauch wird übertragen, sobald das Telefon wieder Empfang hat.'],
    ]);
    const [queued] = await queue.all();
    expect(queued?.body).toMatchObject({ projectId: project.id, materialId: aMaterial().id, quantity: 25 });
    expect(queued?.body.id).toBe(create.mock.calls[0]?.[0]?.id);
    expect(queued?.body.id).toMatch(UUID);
    expect(queued?.label).toBe('25 m Kupferrohr 15 mm · Badsanierung Meier · P-2026-0001');
    expect(queued?.status).toBe('pending');
  }, 60_000);

  it('a retried save sends the same id; the dialog opened again sends a new one', async () => {
    const create = jest
      .spyOn(materialsApi, 'createUsage')
      .mockRejectedValueOnce(new ApiError(408, TIMEOUT_MESSAGE, null, 'timeout'))
      .mockResolvedValue(aUsage());
    const toasts: ToastMessage[] = [];
    unsubscribe = toast.subscribe((m) => toasts.push(m));
    const Session = signedInAs('employee');
    const modal = (open: boolean) => (
      <Session>
        <UsageFormModal
          open={open}
          usage={null}
          initialProject={project}
          initialMaterial={aMaterial()}
          withPrice={false}
          onClose={() => undefined}
        />
      </Session>
    );
    const { rerender } = renderWithProviders(modal(true));
    const save = async () => {
      await screen.findByRole('dialog', {}, { timeout: 5000 });
      fireEvent.change(screen.getByLabelText('Menge'), { target: { value: '2' } });
      fireEvent.click(screen.getByRole('button', { name: 'Erfassen' }));
    };
    const idOf = (call: number) => create.mock.calls[call]?.[0]?.id;

    await save();
    await waitFor(() => expect(toasts.map((m) => m.type)).toEqual(['error']));
    // the answer was lost: saving again sends the same id
    fireEvent.click(screen.getByRole('button', { name: 'Erfassen' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(idOf(0)).toMatch(UUID);
    expect(idOf(1)).toBe(idOf(0));
    expect(create.mock.calls[1]?.[0]).toMatchObject({ projectId: project.id, materialId: aMaterial().id, quantity: 2 });

    // a new entry: a new id
    rerender(modal(false));
    rerender(modal(true));
    await save();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(3));
    expect(idOf(2)).toMatch(UUID);
    expect(idOf(2)).not.toBe(idOf(0));
  }, 60_000);

  it('editing sends no id', async () => {
    const update = jest.spyOn(materialsApi, 'updateUsage').mockResolvedValue(aUsage());
    const Session = signedInAs('employee');
    renderWithProviders(
      <Session>
        <UsageFormModal
          open
          usage={aUsage()}
          initialProject={null}
          initialMaterial={null}
          withPrice={false}
          onClose={() => undefined}
        />
      </Session>,
    );
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[0]).toBe(aUsage().id);
    expect(update.mock.calls[0]?.[1]).not.toHaveProperty('id');
  }, 60_000);
});
