import { useId, useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { useShellT } from '../../../i18n/shell-i18n';

export interface ChartSeries {
  name: string;
  values: number[];
  color: string;
}

/**
 * A bar chart drawn as SVG (issue 28; no chart library: a few hundred bytes instead of 100 KB):
 * `grouped` bars side by side per category, or `stacked`. It scales to its card (viewBox, 100 %
 * width), so it fits a 390 px phone. Accessible: the SVG has a name, and a button shows the same
 * figures as a table.
 */
export function BarChart({
  title,
  categories,
  series,
  mode = 'grouped',
  format,
  height = 220,
}: {
  title: string;
  categories: string[];
  series: ChartSeries[];
  mode?: 'grouped' | 'stacked';
  format: (value: number) => string;
  height?: number;
}) {
  const { t } = useShellT();
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const width = 640;
  const pad = { left: 8, right: 8, top: 12, bottom: 34 };
  const totals = categories.map((_, i) =>
    mode === 'stacked'
      ? series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0)
      : Math.max(0, ...series.map((s) => s.values[i] ?? 0)),
  );
  const max = Math.max(1, ...totals);
  const plotH = height - pad.top - pad.bottom;
  const slot = (width - pad.left - pad.right) / Math.max(1, categories.length);
  const barW = mode === 'stacked' ? slot * 0.6 : (slot * 0.7) / Math.max(1, series.length);
  const y = (value: number) => (value / max) * plotH;
  const empty = totals.every((v) => v === 0);

  return (
    <Card
      title={title}
      size="small"
      // the title wraps instead of being cut on a 390 px phone
      styles={{ title: { whiteSpace: 'normal' } }}
      extra={
        <Button size="small" type="link" aria-controls={tableId} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('dashboard.charts.showChart') : t('dashboard.charts.showTable')}
        </Button>
      }
    >
      {/* the button controls this region (always present: axe refuses aria-controls naming no element) */}
      <div id={tableId}>
        {asTable ? (
          <div style={{ overflowX: 'auto' }}>
            <table className="zunft-chart-table" style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
              <caption style={{ textAlign: 'left', captionSide: 'top', fontWeight: 600 }}>{title}</caption>
              <thead>
                <tr>
                  <th scope="col" />
                  {series.map((s) => (
                    <th key={s.name} scope="col" style={{ textAlign: 'right', padding: '2px 6px' }}>
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {categories.map((c, i) => (
                  <tr key={c}>
                    <th scope="row" style={{ textAlign: 'left', padding: '2px 6px', fontWeight: 400 }}>
                      {c}
                    </th>
                    {series.map((s) => (
                      <td key={s.name} style={{ textAlign: 'right', padding: '2px 6px' }}>
                        {format(s.values[i] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <>
            <svg
              viewBox={`0 0 ${width} ${height}`}
              width="100%"
              role="img"
              aria-label={empty ? `${title}: ${t('dashboard.charts.empty')}` : title}
              style={{ display: 'block', maxHeight: 300 }}
            >
              <line x1={pad.left} x2={width - pad.right} y1={pad.top + plotH} y2={pad.top + plotH} stroke="#d9dee5" />
              {categories.map((c, i) => {
                const x0 = pad.left + i * slot;
                let stack = 0;
                return (
                  <g key={c}>
                    {series.map((s, k) => {
                      const v = s.values[i] ?? 0;
                      const h = y(v);
                      const x = mode === 'stacked' ? x0 + (slot - barW) / 2 : x0 + slot * 0.15 + k * barW;
                      const top = pad.top + plotH - h - (mode === 'stacked' ? stack : 0);
                      if (mode === 'stacked') stack += h;
                      return v > 0 ? (
                        <rect key={s.name} x={x} y={top} width={Math.max(1, barW - 2)} height={h} fill={s.color} rx={2}>
                          <title>{`${c} · ${s.name}: ${format(v)}`}</title>
                        </rect>
                      ) : null;
                    })}
                    <text
                      x={x0 + slot / 2}
                      y={height - 8}
                      textAnchor="middle"
                      fontSize={categories.length > 8 ? 19 : 22}
                      fill="#5b6675"
                    >
                      {c}
                    </text>
                  </g>
                );
              })}
            </svg>
            {empty ? <Typography.Text type="secondary">{t('dashboard.charts.empty')}</Typography.Text> : null}
            <ul
              aria-hidden
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: '4px 12px',
                listStyle: 'none',
                margin: '8px 0 0',
                padding: 0,
              }}
            >
              {series.map((s) => (
                <li key={s.name} style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 12 }}>
                  <span style={{ width: 10, height: 10, borderRadius: 2, background: s.color, flex: 'none' }} />
                  {s.name}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}
