// Issue 14, GPS: the position at timer start and stop is taken only when the company allows it
// (gps_enabled, off by default) and the browser permits it; it is stored with its accuracy.
import { randomUUID } from 'node:crypto';
import { expect, test } from './diagnostics.js';
import type { Page } from '@playwright/test';
import type { TimeEntryDto, TimeEntryListResponse } from '@zunft/contracts';
import { api, registerCompany, selectOption, uniqueEmail } from './support.js';

const HERE = { latitude: 47.3769, longitude: 8.5417, accuracy: 15 };

test.use({ geolocation: HERE, permissions: ['geolocation'] });

/** Starts and stops the timer on the project through the screen; answers the saved entry. */
async function runTimer(page: Page, projectId: string, title: string): Promise<TimeEntryDto> {
  await page.goto('/time-tracking');
  await selectOption(page, page.getByRole('combobox', { name: 'Projekt', exact: true }).first(), new RegExp(title));
  await page.getByRole('button', { name: /Starten/ }).click();
  await expect(page.getByText('Timer gestartet!').first()).toBeVisible();
  await page.getByRole('button', { name: /Stopp/ }).click();
  await page.getByRole('button', { name: 'Stoppen' }).click();
  await expect(page.getByText('Timer gestoppt!').first()).toBeVisible();
  const list = await api<TimeEntryListResponse>(page, 'GET', `/api/time-entries?projectId=${projectId}`);
  return list.items[0]!;
}

test('Standort bei Start und Stopp erst, wenn der Admin ihn eingeschaltet hat', async ({ page }) => {
  await registerCompany(page);
  const customer = await api<{ id: string }>(page, 'POST', '/api/customers', {
    name: `Standort Kunde ${randomUUID().slice(0, 4)}`,
    email: uniqueEmail('kunde'),
  });
  const project = await api<{ id: string }>(page, 'POST', '/api/projects', {
    customerId: customer.id,
    title: 'Fassade Standort',
    status: 'in_progress',
  });

  // Off by default: nothing is stored although the browser would answer.
  const settings = await api<{ gps_enabled: boolean }>(page, 'GET', '/api/companies/settings');
  expect(settings.gps_enabled).toBe(false);
  const without = await runTimer(page, project.id, 'Fassade Standort');
  expect(without).toMatchObject({ start_latitude: null, end_latitude: null, start_accuracy: null });

  // The admin switches it on in the system settings.
  await page.goto('/settings?tab=system');
  const toggle = page.getByRole('switch', { name: 'Standort bei Start und Stopp der Zeiterfassung erfassen' });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText(/je einmal erfasst, nie dazwischen/)).toBeVisible();
  await toggle.click();
  await page.getByRole('button', { name: 'Einstellungen speichern', exact: true }).click();
  await expect(page.getByText('Einstellungen gespeichert').first()).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('switch', { name: 'Standort bei Start und Stopp der Zeiterfassung erfassen' }),
  ).toBeChecked();

  // Operations learns it from the settings event; the next timer keeps both positions with their accuracy.
  await expect(async () => {
    const entry = await runTimer(page, project.id, 'Fassade Standort');
    expect(entry).toMatchObject({
      start_latitude: HERE.latitude,
      start_longitude: HERE.longitude,
      start_accuracy: HERE.accuracy,
      end_latitude: HERE.latitude,
      end_accuracy: HERE.accuracy,
    });
  }).toPass({ timeout: 30_000 });
});
