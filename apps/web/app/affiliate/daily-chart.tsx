import type { ChartDay } from "./daily-series.ts";

const WIDTH = 300;
const HEIGHT = 80;
const PAD = 4;

/**
 * Clicks (bars) and orders (a line) per day as one small inline SVG, drawn on the server: no
 * chart library, no script. The figures are also in the table beside it (the channel rows),
 * so the drawing itself is decorative for a screen reader apart from its summary title.
 */
export function DailyChart({ series, title }: { series: readonly ChartDay[]; title: string }) {
  const peak = Math.max(1, ...series.map((day) => Math.max(day.clicks, day.orders)));
  const step = (WIDTH - PAD * 2) / Math.max(1, series.length);
  const y = (value: number) => HEIGHT - PAD - (value / peak) * (HEIGHT - PAD * 2);
  const points = series
    .map((day, index) => `${(PAD + step * (index + 0.5)).toFixed(1)},${y(day.orders).toFixed(1)}`)
    .join(" ");
  return (
    <svg
      className="affiliate-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={title}
      preserveAspectRatio="none"
    >
      <title>{title}</title>
      <line
        x1={PAD}
        x2={WIDTH - PAD}
        y1={HEIGHT - PAD}
        y2={HEIGHT - PAD}
        className="affiliate-chart__axis"
      />
      {series.map((day, index) =>
        day.clicks > 0 ? (
          <rect
            key={day.day}
            x={(PAD + step * index + step * 0.15).toFixed(1)}
            y={y(day.clicks).toFixed(1)}
            width={(step * 0.7).toFixed(1)}
            height={(HEIGHT - PAD - y(day.clicks)).toFixed(1)}
            className="affiliate-chart__bar"
          >
            <title>{`${day.day}: ${day.clicks}`}</title>
          </rect>
        ) : null,
      )}
      <polyline points={points} className="affiliate-chart__line" fill="none" />
    </svg>
  );
}
