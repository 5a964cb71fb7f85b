// The app shell as the build inlines it into index.html (app-shell-html.ts): compiled alone from
// apps/shell/src/app-shell/app-shell.ts, run in a DOM like the browser runs it. Run by `npm test`
// (node --test, Node 24 strips the types).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { appShellHtml, minifyCss } from './app-shell-html.ts';
import { appShellData } from '../../apps/shell/src/app-shell/app-shell-data.ts';
import { ROUTES } from '../../apps/shell/src/routing/route-table.ts';
import { de } from '../../apps/shell/src/i18n/de.ts';
import { fr } from '../../apps/shell/src/i18n/fr.ts';
import { it as itCatalogue } from '../../apps/shell/src/i18n/it.ts';

const shellDir = path.join(import.meta.dirname, '../../apps/shell/src/app-shell');
const data = appShellData(ROUTES, { de, fr, it: itCatalogue });
const html = appShellHtml({
  script: path.join(shellDir, 'app-shell.ts'),
  css: path.join(shellDir, 'app-shell.css'),
  data,
});
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const USER_ID = '00000000-0000-4000-8000-000000000001';
const token = `${b64url({ alg: 'ES256' })}.${b64url({ sub: USER_ID, userId: USER_ID, language: 'fr' })}.sig`;

/** index.html's body with the inlined markup, in a fresh DOM at `url` with `storage` in localStorage. */
function load(url: string, storage: Record<string, string>) {
  return new JSDOM(`<!doctype html><html><body><div id="root"></div>${html}</body></html>`, {
    url,
    runScripts: 'dangerously',
    beforeParse(window) {
      for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
      Object.assign(window, {
        matchMedia: () => ({ matches: false }),
        TextDecoder: globalThis.TextDecoder,
      });
    },
  }).window;
}

describe('app shell inlined into index.html', () => {
  it('runs in the page and paints the frame of the stored session', () => {
    const profile = {
      id: USER_ID,
      firstName: 'Noé',
      lastName: 'Rochat',
      companyName: 'Rochat Sàrl',
      lastLoginAt: null,
    };
    const window = load('http://localhost/dashboard', {
      'zunft.token': token,
      'zunft.profile': JSON.stringify(profile),
    });
    const frame = window.document.getElementById('app-shell');
    assert.ok(frame, 'the frame is painted');
    assert.equal(window.document.body.firstElementChild, frame);
    assert.equal(frame.querySelector('.as-title')?.textContent, 'Bon retour, Noé !');
    assert.equal(frame.querySelector('.as-sub strong')?.textContent, 'Rochat Sàrl');
    assert.equal(frame.querySelector('.as-crumb')?.textContent, 'Tableau de bord');
    window.close();
  });

  it('paints nothing without a token or on a public page, and its names stay inside its own scope', () => {
    const anonymous = load('http://localhost/dashboard', {});
    assert.equal(anonymous.document.getElementById('app-shell'), null);
    assert.equal('paintAppShell' in anonymous, false);
    anonymous.close();
    const landing = load('http://localhost/', { 'zunft.token': token });
    assert.equal(landing.document.getElementById('app-shell'), null);
    landing.close();
  });

  it('is one style and one script element; JSON in it cannot end the script', () => {
    assert.equal(html.match(/<script>/g)?.length, 1);
    assert.equal(html.match(/<\/script>/g)?.length, 1);
    const tricky = appShellHtml({
      script: path.join(shellDir, 'app-shell.ts'),
      css: path.join(shellDir, 'app-shell.css'),
      data: { ...data, routes: [], texts: { de: { welcome: '</script><script>alert(1)</script>' } } },
    });
    assert.equal(tricky.match(/<\/script>/g)?.length, 1);
  });

  it('minifies the CSS without touching what needs its spaces', () => {
    assert.equal(
      minifyCss(
        '/* x */\n.a  .b {\n  font-size: clamp(1rem, 1rem + 1vw, 2rem);\n}\n@media (min-width: 768px) {\n  .a { top: 0; }\n}',
      ),
      '.a .b{font-size:clamp(1rem,1rem + 1vw,2rem)}@media (min-width:768px){.a{top:0}}',
    );
  });
});
