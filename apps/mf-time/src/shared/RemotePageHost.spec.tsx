import { describe, expect, it, jest } from '@jest/globals';
import { lazy } from 'react';
import { render, screen } from '@testing-library/react';
import { RemotePageHost } from '@zunft/ui-kit';

describe('RemotePageHost (the remotes’ exposed App)', () => {
  it('shows the page once its chunk has loaded', async () => {
    const Page = lazy(async () => ({ default: () => <h1>Spesenabrechnung</h1> }));
    render(<RemotePageHost Page={Page} remote="time" errorTitle="Fehler" reloadLabel="Neu laden" />);
    expect(await screen.findByRole('heading', { name: 'Spesenabrechnung' })).toBeTruthy();
  });

  it('shows a German error card with a reload button instead of a white page when the page throws', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('kaputt');
    };
    render(
      <RemotePageHost
        Page={Broken}
        remote="time"
        errorTitle="Dieser Bereich konnte nicht geladen werden."
        reloadLabel="Neu laden"
      />,
    );
    expect(await screen.findByText('Dieser Bereich konnte nicht geladen werden.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith('[time] Seite abgestürzt', expect.any(Error), expect.anything());
    consoleError.mockRestore();
  });
});
