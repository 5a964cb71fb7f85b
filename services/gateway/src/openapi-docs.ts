// The /api/docs page: a small self-written renderer of /api/openapi.json (operations grouped by
// tag, roles, parameters, request and answer schemas with examples). Script and styles are
// separate files (/api/docs/docs.js, docs.css), so the gateway's CSP needs no inline script.
// The renderer only ever sets textContent: nothing of the document is parsed as HTML.

/** The labels of the page (catalogue keys `gateway.docs.<name>`), read by the script from `data-labels`. */
export const DOCS_LABELS = [
  'loading',
  'sections',
  'service',
  'public',
  'parameters',
  'name',
  'location',
  'path',
  'query',
  'required',
  'optional',
  'type',
  'request',
  'example',
  'responses',
  'load_failed',
] as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page in the caller's language (de/fr/it); the labels travel as a data attribute, not as a script. */
export function docsHtml(language: string, labels: Record<(typeof DOCS_LABELS)[number], string>): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Zunft API</title>
<link rel="stylesheet" href="/api/docs/docs.css">
<script src="/api/docs/docs.js" defer></script>
</head>
<body data-labels="${escapeHtml(JSON.stringify(labels))}">
<header><h1>Zunft API</h1><p id="intro">${escapeHtml(labels.loading)}</p><p><a href="/api/openapi.json">OpenAPI 3.1 (JSON)</a></p></header>
<nav id="toc" aria-label="${escapeHtml(labels.sections)}"></nav>
<main id="operations"></main>
</body>
</html>
`;
}

export const DOCS_CSS = `
:root { --ink: #1f2933; --muted: #52606d; --line: #d9e2ec; --bg: #f5f7fa; --accent: #0b6e4f; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); display: grid; grid-template-columns: 260px 1fr; }
header { grid-column: 1 / -1; background: #fff; border-bottom: 1px solid var(--line); padding: 16px 32px; }
header h1 { margin: 0 0 4px; font-size: 24px; }
header p { margin: 4px 0; color: var(--muted); max-width: 900px; }
a { color: var(--accent); }
nav { padding: 16px; position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; }
nav a { display: block; padding: 4px 8px; border-radius: 4px; text-decoration: none; color: var(--ink); }
nav a:hover { background: #e4e7eb; }
nav small { color: var(--muted); }
main { padding: 16px 32px 64px; min-width: 0; }
section h2 { margin: 24px 0 8px; font-size: 20px; }
section h2 small { font-weight: normal; color: var(--muted); font-size: 13px; margin-left: 8px; }
details.op { background: #fff; border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; }
details.op > summary { cursor: pointer; padding: 8px 12px; display: flex; gap: 12px; align-items: baseline; list-style: none; }
details.op > summary::-webkit-details-marker { display: none; }
.method { font: 700 12px/1 ui-monospace, monospace; padding: 4px 0; width: 64px; text-align: center; border-radius: 4px; color: #fff; flex: none; }
.get { background: #2563eb; } .post { background: #059669; } .put { background: #d97706; } .patch { background: #7c3aed; } .delete { background: #dc2626; }
.path { font-family: ui-monospace, monospace; font-weight: 600; }
.summary { color: var(--muted); }
.roles { margin-left: auto; font-size: 12px; color: var(--muted); white-space: nowrap; }
.body { padding: 4px 16px 12px; border-top: 1px solid var(--line); }
.body h4 { margin: 12px 0 4px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
code { font: 13px ui-monospace, monospace; background: #e4e7eb; padding: 0 3px; border-radius: 3px; }
pre { background: #102a43; color: #f0f4f8; padding: 10px 12px; border-radius: 4px; overflow: auto; max-height: 320px; font-size: 12px; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border-bottom: 1px solid var(--line); padding: 4px 12px 4px 0; text-align: left; vertical-align: top; }
.status { font-family: ui-monospace, monospace; font-weight: 700; }
.error { color: #b42318; }
@media (max-width: 800px) { body { grid-template-columns: 1fr; } nav { position: static; max-height: none; } main { padding: 12px 12px 48px; } details.op > summary { flex-wrap: wrap; } .path { overflow-wrap: anywhere; min-width: 0; } .roles { margin-left: 0; white-space: normal; } }
`;

export const DOCS_JS = `'use strict';
(function () {
  var METHODS = ['get', 'post', 'put', 'patch', 'delete'];
  var L = JSON.parse(document.body.getAttribute('data-labels') || '{}');
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { if (c != null) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function rich(tag, text) {
    return el(tag, {}, String(text || '').split('\u0060').map(function (part, i) { return i % 2 ? el('code', {}, [part]) : part; }));
  }
  function code(value) { return el('pre', {}, [JSON.stringify(value, null, 2)]); }
  function slug(text) { return 'tag-' + text.toLowerCase().replace(/[^a-z0-9äöü]+/g, '-'); }
  function render(doc) {
    var intro = document.getElementById('intro');
    var described = rich('p', doc.info.description);
    described.id = 'intro';
    intro.replaceWith(described);
    var groups = {};
    var order = (doc.tags || []).map(function (t) { return t.name; });
    Object.keys(doc.paths).forEach(function (path) {
      METHODS.forEach(function (method) {
        var op = doc.paths[path][method];
        if (!op) return;
        var tag = (op.tags && op.tags[0]) || 'Weitere';
        if (order.indexOf(tag) < 0) order.push(tag);
        (groups[tag] = groups[tag] || []).push({ path: path, method: method, op: op });
      });
    });
    var toc = document.getElementById('toc');
    var main = document.getElementById('operations');
    order.forEach(function (tag) {
      var ops = groups[tag] || [];
      if (ops.length === 0) return;
      var service = ops[0].op['x-service'] || '';
      toc.appendChild(el('a', { href: '#' + slug(tag) }, [tag + ' ', el('small', {}, ['(' + ops.length + ')'])]));
      var section = el('section', { id: slug(tag) }, [el('h2', {}, [tag, el('small', {}, [L.service + ' ' + service])])]);
      ops.forEach(function (o) { section.appendChild(operation(o)); });
      main.appendChild(section);
    });
  }
  function operation(o) {
    var op = o.op;
    var roles = op['x-roles'] && op['x-roles'].length ? op['x-roles'].join(', ') : L.public;
    var head = el('summary', {}, [
      el('span', { class: 'method ' + o.method }, [o.method.toUpperCase()]),
      el('span', { class: 'path' }, [o.path]),
      el('span', { class: 'summary' }, [op.summary || '']),
      el('span', { class: 'roles' }, [roles]),
    ]);
    var body = el('div', { class: 'body' }, [rich('p', op.description)]);
    if (op.parameters && op.parameters.length) {
      var rows = op.parameters.map(function (p) {
        return el('tr', {}, [el('td', {}, [p.name]), el('td', {}, [p.in === 'path' ? L.path : L.query]), el('td', {}, [p.required ? L.required : L.optional]), el('td', {}, [p.schema && p.schema.type ? String(p.schema.type) : ''])]);
      });
      body.appendChild(el('h4', {}, [L.parameters]));
      body.appendChild(el('table', {}, [el('tr', {}, [el('th', {}, [L.name]), el('th', {}, [L.location]), el('th', {}, ['']), el('th', {}, [L.type])])].concat(rows)));
    }
    if (op.requestBody) {
      Object.keys(op.requestBody.content).forEach(function (type) {
        var media = op.requestBody.content[type];
        body.appendChild(el('h4', {}, [L.request + ' (' + type + ')']));
        body.appendChild(code(media.schema));
        if (media.example !== undefined) { body.appendChild(el('h4', {}, [L.example])); body.appendChild(code(media.example)); }
      });
    }
    body.appendChild(el('h4', {}, [L.responses]));
    Object.keys(op.responses || {}).forEach(function (status) {
      var r = op.responses[status];
      body.appendChild(el('p', {}, [el('span', { class: 'status' }, [status]), ' ', r.description || '']));
      Object.keys(r.content || {}).forEach(function (type) {
        var media = r.content[type];
        var shown = media.example !== undefined ? media.example : media.schema;
        if (shown && (typeof shown !== 'object' || Object.keys(shown).length)) body.appendChild(code(shown));
      });
    });
    return el('details', { class: 'op' }, [head, body]);
  }
  fetch('/api/openapi.json', { headers: { accept: 'application/json' } })
    .then(function (res) { return res.json().then(function (json) { if (!res.ok) throw new Error(json.error || res.status); return json; }); })
    .then(render)
    .catch(function (error) {
      var intro = document.getElementById('intro');
      intro.textContent = L.load_failed + ': ' + error.message;
      intro.className = 'error';
    });
})();
`;
