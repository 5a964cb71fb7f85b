import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataExportDto } from '@zunft/contracts';
import { ApiError, api, i18n } from '@zunft/web-common';
import { renderWithProviders } from '../../../test/render';
import { DataExportCard } from './DataExportCard';

const exportOf = (over: Partial<DataExportDto>): DataExportDto => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  status: 'running',
  progress: 0,
  phase: 'queued',
  service: null,
  sizeBytes: null,
  tables: 0,
  documents: 0,
  createdAt: '2026-11-28T09:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  ...over,
});

afterEach(async () => {
  jest.restoreAllMocks();
  await i18n.changeLanguage('de');
});

describe('DataExportCard (issue 26: «Alle Daten exportieren»)', () => {
  it('starts the export, shows its progress while it runs, then the download with size and date', async () => {
    const answers = [
      { export: null },
      { export: exportOf({ progress: 42, phase: 'documents', service: 'billing' }) },
      {
        export: exportOf({
          status: 'done',
          progress: 100,
          phase: 'done',
          sizeBytes: 13_261_304,
          tables: 74,
          documents: 200,
          finishedAt: '2026-11-28T09:00:31.000Z',
          expiresAt: '2026-12-05T09:00:31.000Z',
        }),
      },
    ];
    jest.spyOn(api, 'get').mockImplementation(() => Promise.resolve((answers.shift() ?? answers.at(-1)) as never));
    const post = jest.spyOn(api, 'post').mockImplementation(() => Promise.resolve(exportOf({}) as never));
    renderWithProviders(<DataExportCard />);

    fireEvent.click(await screen.findByRole('button', { name: /Alle Daten exportieren/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/data-exports'));
    expect(await screen.findByText('Export wird vorbereitet …')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Alle Daten exportieren/ }).hasAttribute('disabled')).toBe(true);
    // polled every 2 s
    expect(await screen.findByText('Dokumente werden exportiert …', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(await screen.findByRole('button', { name: /ZIP herunterladen \(13 MB\)/ }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/74 Tabellen, 200 Dokumente · verfügbar bis 05\.12\.2026/)).toBeTruthy();
  }, 15_000);

  it('shows the server’s German 409 when an export already runs', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => Promise.resolve({ export: null } as never));
    const error = new ApiError(409, 'Ein Export läuft bereits. Bitte warten Sie, bis er fertig ist.', {
      error: 'Ein Export läuft bereits. Bitte warten Sie, bis er fertig ist.',
      code: 'data_export_running',
    });
    jest.spyOn(api, 'post').mockImplementation(() => Promise.reject(error));
    renderWithProviders(<DataExportCard />);
    fireEvent.click(await screen.findByRole('button', { name: /Alle Daten exportieren/ }));
    expect(await screen.findByText('Ein Export läuft bereits. Bitte warten Sie, bis er fertig ist.')).toBeTruthy();
  });
});
