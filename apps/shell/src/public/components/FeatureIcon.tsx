/** Small line icons for the public pages (inline SVG: no icon library on the landing page). */
export type FeatureIconName =
  | 'clock'
  | 'report'
  | 'qr'
  | 'box'
  | 'team'
  | 'briefcase'
  | 'leaf'
  | 'bolt'
  | 'chf'
  | 'swiss'
  | 'lock'
  | 'phone'
  | 'check'
  | 'heart'
  | 'star'
  | 'rocket'
  | 'user'
  | 'target'
  | 'eye';

const PATHS: Record<FeatureIconName, string> = {
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3.5 2',
  report: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6M10 9h2',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2zM6.5 6.5h1v1h-1zM16.5 6.5h1v1h-1zM6.5 16.5h1v1h-1z',
  box: 'M3.5 7.5L12 3l8.5 4.5v9L12 21l-8.5-4.5zM3.5 7.5L12 12l8.5-4.5M12 12v9',
  team: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.5a3.2 3.2 0 0 1 0 6.2M18 14.8c2 .7 3.2 2.4 3.5 5.2',
  briefcase: 'M3 8h18v12H3zM8 8V5h8v3M3 13h18',
  leaf: 'M5 19c0-8 5-14 15-15-1 10-7 15-15 15zM5 19l7-7',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  chf: 'M4 4h16v16H4zM9 8v8M9 8h4M9 12h3M15 10v6',
  swiss: 'M4 4h16v16H4zM10.5 7.5h3v3h3v3h-3v3h-3v-3h-3v-3h3z',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11M12 15v2.5',
  phone:
    'M8 2.5h8a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5zM11 18.5h2',
  check: 'M12 3l7 3v6c0 4.5-3 7.7-7 9-4-1.3-7-4.5-7-9V6zM8.5 12l2.5 2.5 4.5-5',
  heart: 'M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.4 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z',
  star: 'M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z',
  rocket: 'M14 4c3 0 6 0 6 0s0 3 0 6l-7 7-6-6zM7 11l-3 1 2 2M13 17l-1 3-2-2M16.5 8.5h.01',
  user: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c.8-4.2 4-6.5 8-6.5s7.2 2.3 8 6.5',
  target: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
};

export function FeatureIcon({ name, tone = 'blue' }: { name: FeatureIconName; tone?: 'blue' | 'red' | 'green' }) {
  return (
    <span className={`ficon ficon--${tone}`} aria-hidden>
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[name]} />
      </svg>
    </span>
  );
}
