import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { aUser } from '../../../test/render';
import { UserCardList } from './UserCardList';
import { UsersTable } from './UsersTable';
import { userActionsFor } from './userActions';

const me = aUser({ id: 'me', first_name: 'Anna', last_name: 'Muster', role: 'admin' });
const colleague = aUser({
  id: 'other',
  first_name: 'Beat',
  last_name: 'Keller',
  role: 'employee',
  craftsman_category: 'Elektriker',
});
const inactive = aUser({ id: 'gone', first_name: 'Carla', last_name: 'Rossi', role: 'backoffice', is_active: false });
const noop = () => undefined;
const handlers = { onEdit: noop, onToggleActive: noop, onDelete: noop };

describe('user actions', () => {
  it('offers only editing on the own account', () => {
    expect(userActionsFor(me, 'me')).toEqual(['edit']);
    expect(userActionsFor(colleague, 'me')).toEqual(['edit', 'deactivate', 'delete']);
    expect(userActionsFor(inactive, 'me')).toEqual(['edit', 'activate', 'delete']);
  });

  it('shows no deactivate/delete buttons for oneself in the table', () => {
    render(<UsersTable users={[me, colleague, inactive]} currentUserId="me" busyUserId={null} {...handlers} />);

    expect(screen.getByRole('button', { name: 'Bearbeiten: Anna Muster' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deaktivieren: Anna Muster' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aktivieren: Anna Muster' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Endgültig löschen: Anna Muster' })).toBeNull();

    expect(screen.getByRole('button', { name: 'Deaktivieren: Beat Keller' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Endgültig löschen: Beat Keller' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aktivieren: Carla Rossi' })).toBeTruthy();
  });

  it('shows no deactivate/delete buttons for oneself in the phone cards', () => {
    render(<UserCardList users={[me, colleague]} currentUserId="me" busyUserId={null} {...handlers} />);
    const [mine, theirs] = screen.getAllByRole('listitem');

    expect(within(mine!).getByRole('button', { name: 'Bearbeiten: Anna Muster' })).toBeTruthy();
    expect(within(mine!).queryByRole('button', { name: /Deaktivieren|Aktivieren|Endgültig löschen/ })).toBeNull();
    expect(within(mine!).getByText('Sie')).toBeTruthy();

    expect(within(theirs!).getByRole('button', { name: 'Deaktivieren: Beat Keller' })).toBeTruthy();
    expect(within(theirs!).getByRole('button', { name: 'Endgültig löschen: Beat Keller' })).toBeTruthy();
  });

  it('shows role, status and the created date in Swiss format', () => {
    render(<UsersTable users={[colleague, inactive]} currentUserId="me" busyUserId={null} {...handlers} />);
    expect(screen.getByText('Mitarbeiter')).toBeTruthy();
    expect(screen.getByText('Büro')).toBeTruthy();
    expect(screen.getByText('Aktiv')).toBeTruthy();
    expect(screen.getByText('Inaktiv')).toBeTruthy();
    expect(screen.getByText('Elektriker')).toBeTruthy();
    expect(screen.getAllByText('14.03.2025')).toHaveLength(2);
  });
});
