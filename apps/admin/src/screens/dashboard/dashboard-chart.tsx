import type { AdminDashboard } from "@obmen/contracts";
import { useI18n } from "../../i18n.tsx";

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;

/**
 * Orders created and completed per hour or day as bars, in inline SVG: the one chart the
 * console has does not justify a chart library in its bundle. The numbers are also in a table
 * for screen readers (the SVG is a picture of it).
 */
export function DashboardChart({
  series,
  bucket,
}: {
  series: AdminDashboard["series"];
  bucket: AdminDashboard["bucket"];
}) {
  const { t, locale } = useI18n();
  const highest = Math.max(1, ...series.map((point) => Math.max(point.created, point.completed)));
  const slot = WIDTH / Math.max(series.length, 1);
  const bar = Math.max(1, slot / 2 - 1);
  const height = (count: number) => ((HEIGHT - AXIS) * count) / highest;
  const label = (iso: string) =>
    // The buckets are UTC hours and days (the API's), and the heading says so.
    new Intl.DateTimeFormat(locale, {
      timeZone: "UTC",
      ...(bucket === "hour" ? { hour: "2-digit" } : { day: "numeric", month: "numeric" }),
    }).format(new Date(iso));
  const every = Math.ceil(series.length / 8);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-caption">
        <title>{t(`Console.Dashboard.Chart.${bucket}`)}</title>
        {series.map((point, index) => {
          const x = index * slot;
          return (
            <g key={point.at}>
              <rect
                className="chart__created"
                x={x}
                y={HEIGHT - AXIS - height(point.created)}
                width={bar}
                height={height(point.created)}
              />
              <rect
                className="chart__completed"
                x={x + bar + 1}
                y={HEIGHT - AXIS - height(point.completed)}
                width={bar}
                height={height(point.completed)}
              />
              {index % every === 0 && (
                <text x={x} y={HEIGHT - 6} className="chart__label">
                  {label(point.at)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption id="chart-caption">
        <span className="chart__key chart__key--created">{t("Console.Dashboard.Created")}</span>{" "}
        <span className="chart__key chart__key--completed">{t("Console.Dashboard.Completed")}</span>{" "}
        <span className="muted">{t("Console.Dashboard.Highest", { count: highest })}</span>
      </figcaption>
      <details>
        <summary>{t("Console.Dashboard.AsTable")}</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("Console.Dashboard.When")}</th>
              <th scope="col">{t("Console.Dashboard.Created")}</th>
              <th scope="col">{t("Console.Dashboard.Completed")}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.at}>
                <th scope="row">{label(point.at)}</th>
                <td>{point.created}</td>
                <td>{point.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
