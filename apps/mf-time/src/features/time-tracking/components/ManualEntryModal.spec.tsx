import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_COMPANY_SETTINGS, type ProjectDto, type TimeEntryDto } from '@zunft/contracts';
import { toast, type ToastMessage } from '@zunft/web-common';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { timeKeys } from '../api/useTimeEntries';
import { answerProjects } from '../../projects/components/projectsTestServer';
import { ManualEntryModal } from './ManualEntryModal';
import { mockFetch, type Answer, type FetchCall } from './testData';

let restore: (() => void) | null = null;
let unsubscribe: (() => void) | null = null;
afterEach(() => {
  restore?.();
  unsubscribe?.();
  restore = unsubscribe = null;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const project = {
  id: 'a0c1e2f3-0000-4000-8000-000000000001',
  title: 'Badsanierung Meier',
  project_number: 'P-2026-0001',
  customer_name: 'Muster AG',
  status: 'in_progress',
} as ProjectDto;

/** Types a date and time into an antd DatePicker and confirms it with Enter. */
function pickDateTime(label: string, value: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

async function fillNewEntry() {
  await screen.findByText('Zeit manuell erfassen', {}, { timeout: 5000 });
  await waitFor(() => expect(screen.getByTitle(/Badsanierung Meier/)).toBeTruthy());
  pickDateTime('Start', '18.11.2026 08:00');
  pickDateTime('Ende', '18.11.2026 12:00');
}

/** `fetch` answering the project select's calls (search, by id) like the server; `own` first. */
function serveProjects(own: Parameters<typeof mockFetch>[0] = () => undefined) {
  const mock = mockFetch((method, url, body) => own(method, url, body) ?? answerProjects([project], method, url));
  restore = mock.restore;
  return mock;
}

function renderModal(entry: TimeEntryDto | null = null) {
  if (!restore) serveProjects();
  const client = testQueryClient();
  client.setQueryData(timeKeys.settings(), DEFAULT_COMPANY_SETTINGS);
  return renderWithProviders(
    <ManualEntryModal open initialProjectId={null} entry={entry} onClose={() => undefined} />,
    { client },
  );
}

describe('ManualEntryModal', () => {
  it('requires project, start and end (part 1 §5)', async () => {
    renderModal();
    expect(await screen.findByText('Zeit manuell erfassen', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte wählen Sie ein Projekt')).toBeTruthy();
    expect(screen.getByText('Startzeit ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Endzeit ist erforderlich')).toBeTruthy();
    expect((screen.getByLabelText('Pause (Minuten)') as HTMLInputElement).value).toBe('0');
  });

  it('a ?project= answer arriving late keeps what was typed and still preselects the project', async () => {
    let answer: (a: Answer) => void = () => undefined;
    const late = new Promise<Answer>((resolve) => (answer = resolve));
    serveProjects((method, url) => (method === 'GET' && url === `/api/projects/${project.id}` ? late : undefined));
    const client = testQueryClient();
    client.setQueryData(timeKeys.settings(), DEFAULT_COMPANY_SETTINGS);
    renderWithProviders(
      <ManualEntryModal open initialProjectId={project.id} entry={null} onClose={() => undefined} />,
      { client },
    );
    expect(await screen.findByText('Zeit manuell erfassen', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pause (Minuten)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Leitungen verlegt' } });

    answer({ status: 200, body: project });
    expect(await screen.findByTitle(/Badsanierung Meier/)).toBeTruthy();
    expect((screen.getByLabelText('Pause (Minuten)') as HTMLInputElement).value).toBe('20');
    expect(screen.getByDisplayValue('Leitungen verlegt')).toBeTruthy();
  });

  it('edits an entry with its values and shows its surcharges', async () => {
    renderModal({
      id: 'e1',
      project_id: project.id,
      project_title: project.title,
      project_number: project.project_number,
      start_time: '2026-03-01T07:00:00.000Z',
      end_time: '2026-03-01T11:00:00.000Z',
      break_minutes: 15,
      description: 'Leitungen verlegt',
      status: 'completed',
    } as TimeEntryDto);
    expect(await screen.findByText('Zeiteintrag bearbeiten', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByLabelText('Pause (Minuten)') as HTMLInputElement).value).toBe('15');
    expect(screen.getByDisplayValue('Leitungen verlegt')).toBeTruthy();
    // 1 March 2026 is a Sunday: the preview shows the Sunday surcharge as the total.
    expect((await screen.findByTestId('surcharge-preview')).textContent).toContain('+50 %');
  });

  it('a retried save sends the same id; the dialog opened again sends a new one', async () => {
    const answers: Answer[] = ['network', { status: 201, body: { id: 'x' } }, { status: 201, body: { id: 'y' } }];
    const mock = serveProjects((method, url) =>
      method === 'POST' && url === '/api/time-entries' ? answers.shift() : undefined,
    );
    const toasts: ToastMessage[] = [];
    unsubscribe = toast.subscribe((m) => toasts.push(m));
    const client = testQueryClient();
    client.setQueryData(timeKeys.settings(), DEFAULT_COMPANY_SETTINGS);
    const modal = (open: boolean) => (
      <ManualEntryModal open={open} initialProjectId={project.id} onClose={() => undefined} />
    );
    const { rerender } = renderWithProviders(modal(true), { client });
    const posts = () => mock.calls.filter((c: FetchCall) => c.method === 'POST');
    const idOf = (call: FetchCall | undefined) => (call?.body as { id?: string } | undefined)?.id;

    await fillNewEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts.map((m) => m.type)).toEqual(['error']));
    // the answer was lost: saving again sends the same id
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts.map((m) => m.text)).toContain('Zeiteintrag erstellt!'));
    expect(posts()).toHaveLength(2);
    expect(idOf(posts()[0])).toMatch(UUID);
    expect(idOf(posts()[1])).toBe(idOf(posts()[0]));
    expect(posts()[1]?.body).toMatchObject({
      projectId: project.id,
      startTime: new Date(2026, 10, 18, 8).toISOString(),
    });

    // a new entry: a new id
    rerender(modal(false));
    rerender(modal(true));
    await fillNewEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(idOf(posts()[2])).toMatch(UUID);
    expect(idOf(posts()[2])).not.toBe(idOf(posts()[0]));
  });

  it('editing sends no id (PUT to the entry)', async () => {
    const mock = serveProjects((method) => (method === 'PUT' ? { status: 200, body: {} } : undefined));
    renderModal({
      id: 'e1',
      project_id: project.id,
      project_title: project.title,
      project_number: project.project_number,
      start_time: '2026-03-02T07:00:00.000Z',
      end_time: '2026-03-02T11:00:00.000Z',
      break_minutes: 0,
      description: null,
      status: 'completed',
    } as TimeEntryDto);
    await screen.findByText('Zeiteintrag bearbeiten', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const writes = () => mock.calls.filter((c) => c.method !== 'GET');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', url: '/api/time-entries/e1' });
    expect(writes()[0]?.body).not.toHaveProperty('id');
    // The entry's own project is labelled without a request for it.
    expect(screen.getByTitle(/Badsanierung Meier/)).toBeTruthy();
    expect(mock.calls.some((c) => c.url === `/api/projects/${project.id}`)).toBe(false);
  });
});
