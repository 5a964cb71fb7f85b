import { useId } from 'react';
import { Typography } from 'antd';
import type { WeekHoursDto } from '@zunft/contracts';
import { zunftColors } from '@zunft/ui-kit';
import { formatNumber } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { isoWeek } from './workingTimeHelpers';

interface Props {
  weeks: readonly WeekHoursDto[];
  /** «November 2026», for the chart's description. */
  monthLabel: string;
}

const BAR = 36;
const GAP = 20;
const HEIGHT = 160;
const TOP = 22;
const BOTTOM = 24;

/**
 * Hours worked per calendar week as plain SVG bars (no chart library: mf-time loads lazily and the
 * page stays small). Screen readers get one image with every week's figure in its description.
 */
export function WeekHoursChart({ weeks, monthLabel }: Props) {
  const t = useTimeT();
  const titleId = useId();
  const descId = useId();
  if (weeks.length === 0) return <Typography.Text type="secondary">{t('workingTime.chart.empty')}</Typography.Text>;

  const max = Math.max(10, ...weeks.map((w) => w.hours));
  const width = weeks.length * (BAR + GAP) + GAP;
  const plot = HEIGHT - TOP - BOTTOM;
  const bars = weeks.map((w, index) => {
    const height = Math.round((Math.max(0, w.hours) / max) * plot);
    return { ...w, week: isoWeek(w.week_start), x: GAP + index * (BAR + GAP), height };
  });

  return (
    <svg
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      style={{ width: '100%', maxWidth: Math.max(320, width * 1.6), height: 'auto', display: 'block' }}
    >
      <title id={titleId}>{t('workingTime.chart.summary', { month: monthLabel })}</title>
      <desc id={descId}>
        {bars
          .map((b) =>
            t('workingTime.chart.bar', { week: b.week, hours: formatNumber(Math.round(b.hours * 10) / 10, 1) }),
          )
          .join('; ')}
      </desc>
      <line x1={0} x2={width} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#d9d9d9" />
      {bars.map((b) => (
        <g key={b.week_start} aria-hidden="true">
          <rect
            x={b.x}
            y={HEIGHT - BOTTOM - b.height}
            width={BAR}
            height={b.height}
            rx={4}
            fill={zunftColors.primary}
          />
          <text x={b.x + BAR / 2} y={HEIGHT - BOTTOM - b.height - 6} textAnchor="middle" fontSize={12} fill="#262626">
            {formatNumber(Math.round(b.hours * 10) / 10, 1)}
          </text>
          <text x={b.x + BAR / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={12} fill="#595959">
            {t('workingTime.chart.week', { week: b.week })}
          </text>
        </g>
      ))}
    </svg>
  );
}
