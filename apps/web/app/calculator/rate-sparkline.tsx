import type { PairRatePoint } from "@obmen/contracts";
import { displayRate, formatRate } from "@obmen/domain";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { Locale } from "../i18n/locale.ts";

const WIDTH = 120;
const HEIGHT = 32;

/**
 * The pair's rate over the last day as a small inline SVG (issue 27 point 4): drawn by the
 * server with the page, no chart library and no script of its own. The number plotted is the
 * one the calculator shows (the side that is not 1); coordinates are only geometry, so plain
 * numbers are fine here. Nothing is drawn with fewer than two points.
 */
export function RateSparkline(props: {
  points: PairRatePoint[];
  sendCode: string;
  receiveCode: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const { points } = props;
  if (points.length < 2) return null;
  const shown = points.map((point) => {
    const { sendAmount, receiveAmount } = displayRate(point);
    return Number(sendAmount === "1" ? receiveAmount : sendAmount);
  });
  const low = Math.min(...shown);
  const span = Math.max(...shown) - low || 1;
  const path = shown
    .map((value, index) => {
      const x = (index / (shown.length - 1)) * WIDTH;
      const y = HEIGHT - 2 - ((value - low) / span) * (HEIGHT - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  const rate = (point: PairRatePoint) =>
    formatRate({
      rate: point,
      sendCode: props.sendCode,
      receiveCode: props.receiveCode,
      locale: props.locale,
    });
  const label = t("Rates.Sparkline.Label", {
    first: rate(points[0]!),
    last: rate(points.at(-1)!),
  });
  return (
    <svg
      className="exchange__sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      <polyline points={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
