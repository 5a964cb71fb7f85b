import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CustomerDto, ProjectDto } from '@zunft/contracts';
import { renderWithProviders } from '../../../test/render';
import { signedInAs } from '../../../test/session';
import { mockFetch, type FetchCall } from '../../expenses/components/testData';
import { ProjectFormModal } from './ProjectFormModal';

const customer = (id: string, name: string, city: string | null = null) =>
  ({ id, name, city, customer_number: `K-${id}` }) as CustomerDto;

const project = {
  id: 'a0c1e2f3-0000-4000-8000-000000000001',
  customer_id: 'c-far',
  customer_name: 'Weit Hinten AG',
  customer_city: 'Chur',
  title: 'Badsanierung Meier',
  project_number: 'P-2026-0001',
  description: null,
  start_date: null,
  end_date: null,
  budget: null,
  status: 'in_progress',
  assigned_users: [],
} as unknown as ProjectDto;

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

/** The dialog with `fetch` answering GET /customers like the server (search, one page). */
function renderDialog(customers: CustomerDto[], edit: ProjectDto | null): FetchCall[] {
  const mock = mockFetch((method, url) => {
    if (method !== 'GET' || !url.startsWith('/api/customers?')) return undefined;
    const params = new URLSearchParams(url.split('?')[1]);
    const needle = (params.get('search') ?? '').toLowerCase();
    const pageSize = Number(params.get('pageSize'));
    const matches = customers.filter((c) => c.name.toLowerCase().includes(needle));
    return { status: 200, body: { items: matches.slice(0, pageSize), total: matches.length, page: 1, pageSize } };
  });
  restore = mock.restore;
  const Session = signedInAs('backoffice');
  renderWithProviders(
    <Session>
      <ProjectFormModal open project={edit} onClose={() => undefined} />
    </Session>,
    { route: '/projects' },
  );
  return mock.calls;
}

const customerCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/customers?')).map((c) => c.url.replace('/api/customers?', ''));

describe('ProjectFormModal customer select', () => {
  it('asks the server for 20 customers and searches there, not the whole list', async () => {
    const many = Array.from({ length: 500 }, (_, i) => customer(`c${i}`, `Kunde ${i}`));
    const calls = renderDialog([...many, customer('c-rossi', 'Garage Rossi', 'Lugano')], null);
    await waitFor(() => expect(customerCalls(calls)).toEqual(['page=1&pageSize=20']));
    const select = await screen.findByRole('combobox', { name: 'Kunde' });
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: 'rossi' } });
    expect(await screen.findByText('Garage Rossi (Lugano)')).toBeTruthy();
    // Debounced: one request for the typed word.
    expect(customerCalls(calls)).toEqual(['page=1&pageSize=20', 'search=rossi&page=1&pageSize=20']);
  });

  it("editing keeps the project's customer labelled even when it is not among the first 20", async () => {
    const many = Array.from({ length: 30 }, (_, i) => customer(`c${i}`, `Kunde ${i}`));
    renderDialog(many, project);
    expect(await screen.findByText('Weit Hinten AG (Chur)')).toBeTruthy();
  });
});
