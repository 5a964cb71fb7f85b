/**
 * Styles of the customer's token pages (quote acceptance, report signature): plain CSS (no antd),
 * mobile first, scoped under `.zqa`. Rendered once as a <style> element by the page, so no extra CSS
 * request on a slow connection.
 */
export const PUBLIC_PAGE_CSS = `
.zqa { --ink:#17212f; --muted:#5b6878; --line:#dde3ea; --primary:#1f5fae; --primary-dark:#174a89;
  --error:#c4321f; --ok:#1a7a43; min-height:100vh; background:#f4f6f9; color:var(--ink);
  font-family:Inter,'Segoe UI',system-ui,-apple-system,'Helvetica Neue',Arial,sans-serif;
  font-size:16px; line-height:1.5; -webkit-text-size-adjust:100%; }
.zqa *, .zqa *::before, .zqa *::after { box-sizing:border-box; }
.zqa-wrap { max-width:760px; margin:0 auto; padding:16px 12px 48px; }
.zqa-brand { display:flex; align-items:center; gap:12px; padding:8px 4px 16px; }
.zqa-brand img { max-height:48px; max-width:160px; object-fit:contain; }
.zqa-brand strong { font-size:18px; }
.zqa-card { background:#fff; border:1px solid var(--line); border-radius:14px; padding:16px; margin-bottom:16px; }
.zqa-card h1 { font-size:22px; line-height:1.25; margin:0 0 4px; }
.zqa-card h2 { font-size:18px; margin:0 0 12px; }
.zqa-meta { color:var(--muted); margin:0; }
.zqa-number { color:var(--muted); font-size:14px; margin:0 0 4px; letter-spacing:.2px; }
.zqa-text { white-space:pre-line; margin:12px 0 0; }
.zqa-items { list-style:none; margin:0; padding:0; }
.zqa-item { padding:10px 0; border-bottom:1px solid var(--line); }
.zqa-item:last-child { border-bottom:0; }
.zqa-row { display:flex; justify-content:space-between; gap:12px; }
.zqa-row > :last-child { white-space:nowrap; font-variant-numeric:tabular-nums; }
.zqa-sub { color:var(--muted); font-size:14px; }
.zqa-totals { margin-top:12px; padding:12px; background:#f4f6f9; border-radius:10px; }
.zqa-totals .zqa-row { padding:2px 0; }
.zqa-total { font-weight:700; font-size:18px; border-top:1px solid var(--line); margin-top:6px; padding-top:8px !important; }
.zqa-field { margin-bottom:16px; }
.zqa-field label, .zqa-label { display:block; font-weight:600; margin-bottom:6px; }
.zqa-input, .zqa-textarea { width:100%; min-height:48px; padding:10px 12px; font:inherit; font-size:16px;
  border:1px solid #b8c3d1; border-radius:10px; background:#fff; color:inherit; }
.zqa-textarea { min-height:96px; resize:vertical; }
.zqa-input:focus, .zqa-textarea:focus { outline:3px solid rgba(31,95,174,.25); border-color:var(--primary); }
.zqa-input[aria-invalid="true"] { border-color:var(--error); }
.zqa-error { color:var(--error); font-size:14px; margin:6px 0 0; }
.zqa-hint { color:var(--muted); font-size:14px; margin:6px 0 0; }
.zqa-sigbar { display:flex; justify-content:space-between; align-items:center; gap:8px; margin-top:6px; }
.zqa-check, .zqa-field label.zqa-check { display:flex; gap:12px; align-items:flex-start; cursor:pointer; font-weight:400 !important; }
.zqa-check input { width:24px; height:24px; margin:0; flex:none; accent-color:var(--primary); }
.zqa-btn { display:inline-flex; align-items:center; justify-content:center; min-height:48px; padding:0 20px;
  border-radius:10px; border:1px solid transparent; font:inherit; font-weight:600; cursor:pointer; }
.zqa-btn:disabled { opacity:.6; cursor:default; }
.zqa-btn-primary { background:var(--primary); color:#fff; width:100%; font-size:17px; }
.zqa-btn-primary:hover:not(:disabled) { background:var(--primary-dark); }
.zqa-btn-ghost { background:#fff; color:var(--ink); border-color:#b8c3d1; }
.zqa-btn-small { min-height:40px; padding:0 14px; font-weight:500; }
.zqa-btn-link { background:none; border:0; color:var(--muted); text-decoration:underline; min-height:44px; padding:0 4px; }
.zqa-btn-danger { background:#fff; color:var(--error); border-color:var(--error); width:100%; }
.zqa-alert { border-radius:10px; padding:12px 14px; margin:0 0 16px; }
.zqa-alert-error { background:#fdecea; color:#7d1d12; border:1px solid #f3c2bb; }
.zqa-message { text-align:center; padding:32px 16px; }
.zqa-message h1 { font-size:22px; margin:12px 0 8px; }
.zqa-icon { display:inline-grid; place-items:center; width:64px; height:64px; border-radius:50%; font-size:32px; }
.zqa-icon-ok { background:#e5f4ec; color:var(--ok); }
.zqa-icon-info { background:#e8f0fa; color:var(--primary); }
.zqa-icon-error { background:#fdecea; color:var(--error); }
.zqa-secondary { text-align:center; margin-top:8px; }
.zqa-spinner { width:36px; height:36px; border-radius:50%; border:3px solid #d6dde8; border-top-color:var(--primary);
  animation:zqa-spin .8s linear infinite; margin:0 auto 12px; }
@keyframes zqa-spin { to { transform:rotate(360deg); } }
@media (min-width:600px) { .zqa-wrap { padding:32px 20px 64px; } .zqa-card { padding:24px; } .zqa-card h1 { font-size:26px; }
  .zqa-btn-primary { width:auto; min-width:240px; } .zqa-btn-danger { width:auto; } }
`;
