import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Language } from '@zunft/contracts';
import type { ApiClient } from '@zunft/web-common';
import { MemoryRouter } from 'react-router';
import { SessionProvider, createSessionEventBus, createTokenStore, i18n, setLanguage } from '@zunft/web-common';
import '../i18n/shell-i18n';
import { de } from '../i18n/de';
import { it as itStrings } from '../i18n/it';
import PricingPage from './pricing/PricingPage';
import AboutPage from './about/AboutPage';

/** No stored token: the session starts anonymous without any request. */
const noCalls = () => Promise.reject(new Error('kein API-Aufruf erwartet'));
const client: ApiClient = {
  get: noCalls,
  post: noCalls,
  put: noCalls,
  patch: noCalls,
  delete: noCalls,
  upload: noCalls,
  blob: noCalls,
  changeSession: (change) => change(),
};

/** Renders a public page; the act lets the (request-free) session start settle. */
async function renderPage(page: 'pricing' | 'about') {
  const Page = page === 'pricing' ? PricingPage : AboutPage;
  await act(async () => {
    render(
      <SessionProvider client={client} tokens={createTokenStore(null, null)} events={createSessionEventBus()}>
        <MemoryRouter initialEntries={[`/${page}`]}>
          <Page />
        </MemoryRouter>
      </SessionProvider>,
    );
  });
}

/** Switches the language and waits until its lazily loaded shell bundle is there. */
async function switchLanguage(lng: Language) {
  await act(async () => setLanguage(lng));
  for (let i = 0; i < 50 && !i18n.hasResourceBundle(lng, 'shell'); i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  expect(i18n.hasResourceBundle(lng, 'shell')).toBe(true);
}

type Tree = { readonly [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

/** Words that are the same in German and the translation (brand, names, loan words). */
const SAME_IN_ALL = new Set([
  'Zunft',
  'Deutsch',
  'Français',
  'Italiano',
  'Total',
  'Innovation',
  'Head of Design',
  'Demo',
]);

/** German texts of the given sections (interpolations cut at the first placeholder). */
function germanTexts(sections: string[]): string[] {
  return Object.entries(flatten(de as unknown as Tree))
    .filter(([key]) => sections.some((s) => key.startsWith(`${s}.`)))
    .map(([, value]) => value.split('{{')[0]!.trim())
    .filter((text) => text.length >= 4 && !SAME_IN_ALL.has(text));
}

const PUBLIC_SECTIONS = ['public', 'plans', 'app'];

/** The page's text nodes, one per line (textContent would glue 'Fragen' and the next heading together). */
function screenText(): string {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
  return parts.join('\n');
}

/** A German text shown as a whole word group ('Total' inside 'Totale' does not count). */
function shows(text: string, german: string): boolean {
  const escaped = german.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
}

/** No German text of the page's sections (nor of header, footer, plans) is on screen. */
function expectNoGerman(sections: string[]) {
  const text = screenText();
  expect(text.length).toBeGreaterThan(500);
  const leftovers = germanTexts([...sections, ...PUBLIC_SECTIONS]).filter((g) => shows(text, g));
  expect(leftovers).toEqual([]);
}

describe('public pricing and about pages in French and Italian', () => {
  beforeAll(() => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = de.meta.description;
    document.head.append(meta);
  });

  afterEach(async () => {
    cleanup();
    window.localStorage.clear();
    await act(async () => setLanguage('de'));
  });

  it('keeps the German pricing page as the spec has it', async () => {
    await renderPage('pricing');
    expect(screen.getByRole('heading', { name: 'Häufige Fragen' })).toBeTruthy();
    expect(screen.getByText('Preisrechner')).toBeTruthy();
    expect(screen.getByText('3 Mitarbeiter')).toBeTruthy();
    expect(screen.getByText('Wie funktioniert der kostenlose Test?')).toBeTruthy();
    // The leftover check used below does see German text when it is there.
    const text = screenText();
    expect(germanTexts(['pricingPage']).filter((g) => shows(text, g)).length).toBeGreaterThan(20);
  });

  it('renders the pricing page in French: calculator, plans, FAQ', async () => {
    await switchLanguage('fr');
    await renderPage('pricing');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Des prix qui grandissent avec votre entreprise' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Questions fréquentes' })).toBeTruthy();
    expect(screen.getByText('Calculateur de prix')).toBeTruthy();
    expect(screen.getByLabelText('Nombre de collaborateurs')).toBeTruthy();
    expect(screen.getByText('3 collaborateurs')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mensuel' })).toBeTruthy();
    expect(screen.getByText('Quels moyens de paiement acceptez-vous ?')).toBeTruthy();
    expect(screen.getByText('Tous les prix en francs suisses (CHF).')).toBeTruthy();
    expect(screen.queryByText('Häufige Fragen')).toBeNull();
    expect(screen.queryByText('Anzahl Mitarbeiter')).toBeNull();
    expectNoGerman(['pricingPage']);
  });

  it('renders the pricing page in Italian, also after switching to yearly', async () => {
    await switchLanguage('it');
    await renderPage('pricing');
    expect(screen.getByRole('heading', { name: 'Domande frequenti' })).toBeTruthy();
    expect(screen.getByText('Calcolatore di prezzo')).toBeTruthy();
    expect(screen.getByText('3 collaboratori')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Numero di collaboratori'), { target: { value: '1' } });
    expect(screen.getByText('1 collaboratore')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Annuale/ }));
    expect(screen.getByText('all’anno')).toBeTruthy();
    expect(screen.getByText(/Risparmia CHF [\d'.]+ all’anno rispetto al prezzo di listino/)).toBeTruthy();
    expect(screen.queryByText('Häufige Fragen')).toBeNull();
    expectNoGerman(['pricingPage']);
  });

  it('renders the about page in French', async () => {
    await switchLanguage('fr');
    await renderPage('about');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Nous faisons entrer l’artisanat dans l’ère numérique.' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nos valeurs' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'L’équipe' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Pourquoi Swiss Made/ })).toBeTruthy();
    expect(screen.getByText("10'000+ entreprises d’ici 2030")).toBeTruthy();
    expect(screen.queryByText('Unsere Werte')).toBeNull();
    expectNoGerman(['about']);
  });

  it('renders the about page in Italian', async () => {
    await switchLanguage('it');
    await renderPage('about');
    expect(screen.getByRole('heading', { name: 'La nostra missione' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'I nostri valori' })).toBeTruthy();
    expect(screen.getByText('Qualità svizzera')).toBeTruthy();
    expect(screen.getByText('Tedesco, francese e italiano')).toBeTruthy();
    expect(screen.queryByText('Das Team')).toBeNull();
    expectNoGerman(['about']);
  });

  it('switches the open page, <title> and meta description with the header language switch', async () => {
    await renderPage('pricing');
    expect(screen.getByRole('heading', { name: 'Häufige Fragen' })).toBeTruthy();

    const [select] = screen.getAllByRole('combobox', { name: 'Sprache' });
    await act(async () => {
      fireEvent.change(select!, { target: { value: 'it' } });
    });
    expect(await screen.findByRole('heading', { name: 'Domande frequenti' })).toBeTruthy();
    expect(screen.queryByText('Häufige Fragen')).toBeNull();
    expect(document.documentElement.lang).toBe('it');
    expect(document.title).toBe(itStrings.meta.title);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      itStrings.meta.description,
    );
    expect(window.localStorage.getItem('zunft.language')).toBe('it');

    await act(async () => {
      fireEvent.change(screen.getAllByRole('combobox', { name: 'Lingua' })[0]!, { target: { value: 'de' } });
    });
    expect(await screen.findByRole('heading', { name: 'Häufige Fragen' })).toBeTruthy();
    expect(document.title).toBe(de.meta.title);
  });
});
