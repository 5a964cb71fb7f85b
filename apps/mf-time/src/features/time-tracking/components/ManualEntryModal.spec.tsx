import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { DEFAULT_COMPANY_SETTINGS, type ProjectDto, type TimeEntryDto } from '@zunft/contracts';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { timeKeys } from '../api/useTimeEntries';
import { ManualEntryModal } from './ManualEntryModal';

const project = {
  id: 'a0c1e2f3-0000-4000-8000-000000000001',
  title: 'Badsanierung Meier',
  project_number: 'P-2026-0001',
  customer_name: 'Muster AG',
  status: 'in_progress',
} as ProjectDto;

function renderModal(entry: TimeEntryDto | null = null) {
  const client = testQueryClient();
  client.setQueryData(timeKeys.settings(), DEFAULT_COMPANY_SETTINGS);
  return renderWithProviders(
    <ManualEntryModal open projects={[project]} initialProjectId={null} entry={entry} onClose={() => undefined} />,
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

  it('a project list arriving late keeps what was typed and still preselects ?project=', async () => {
    const client = testQueryClient();
    client.setQueryData(timeKeys.settings(), DEFAULT_COMPANY_SETTINGS);
    const modal = (projects: ProjectDto[]) => (
      <ManualEntryModal open projects={projects} initialProjectId={project.id} entry={null} onClose={() => undefined} />
    );
    const { rerender } = renderWithProviders(modal([]), { client });
    expect(await screen.findByText('Zeit manuell erfassen', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pause (Minuten)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: 'Leitungen verlegt' } });

    rerender(modal([project]));
    expect(await screen.findByTitle(/Badsanierung Meier/)).toBeTruthy();
    expect((screen.getByLabelText('Pause (Minuten)') as HTMLInputElement).value).toBe('20');
    expect(screen.getByDisplayValue('Leitungen verlegt')).toBeTruthy();
  });

  it('edits an entry with its values and shows its surcharges', async () => {
    renderModal({
      id: 'e1',
      project_id: project.id,
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
});
