/** One row of the bench table and of `bench/results.json` (the format). */
export interface MetricResult {
  name: string;
  engine: "pglite" | "postgres" | null;
  value: number | null;
  unit: string;
  baseline: string | null;
  baseline_value: number | null;
  ratio: number | null;
  target: string;
  pass: boolean | null;
  /** Extra figures (p99, rounds, why something was not measured). */
  details?: Record<string, unknown>;
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** A throughput compared with its baseline: passes when value/baseline ≥ minRatio (and p99). */
export function ratioResult(options: {
  name: string;
  engine: MetricResult["engine"];
  value: number;
  unit: string;
  baseline: string;
  baselineValue: number;
  minRatio: number;
  p99Ms?: number;
  maxP99Ms?: number;
  details?: Record<string, unknown>;
}): MetricResult {
  const ratio = round(options.value / options.baselineValue, 3);
  const p99Ok = options.maxP99Ms === undefined || (options.p99Ms ?? Infinity) <= options.maxP99Ms;
  return {
    name: options.name,
    engine: options.engine,
    value: round(options.value, 0),
    unit: options.unit,
    baseline: options.baseline,
    baseline_value: round(options.baselineValue, 0),
    ratio,
    target:
      `ratio ≥ ${options.minRatio}` +
      (options.maxP99Ms === undefined ? "" : `, p99 ≤ ${options.maxP99Ms} ms`),
    pass: ratio >= options.minRatio && p99Ok,
    details: {
      ...(options.p99Ms === undefined ? {} : { p99_ms: options.p99Ms }),
      ...options.details,
    },
  };
}

/** An absolute figure with a bound: `max` (value ≤ bound) or `min` (value ≥ bound). */
export function boundResult(options: {
  name: string;
  engine: MetricResult["engine"];
  value: number;
  unit: string;
  bound: number;
  kind: "max" | "min";
  places?: number;
  details?: Record<string, unknown>;
}): MetricResult {
  return {
    name: options.name,
    engine: options.engine,
    value: round(options.value, options.places ?? 2),
    unit: options.unit,
    baseline: null,
    baseline_value: null,
    ratio: null,
    target: `${options.kind === "max" ? "≤" : "≥"} ${options.bound.toLocaleString("en")} ${options.unit}`,
    pass: options.kind === "max" ? options.value <= options.bound : options.value >= options.bound,
    ...(options.details ? { details: options.details } : {}),
  };
}

/** A metric that could not be taken, with the reason (never a silent gap). */
export function notMeasured(options: {
  name: string;
  engine: MetricResult["engine"];
  unit: string;
  target: string;
  reason: string;
}): MetricResult {
  return {
    name: options.name,
    engine: options.engine,
    value: null,
    unit: options.unit,
    baseline: null,
    baseline_value: null,
    ratio: null,
    target: options.target,
    pass: null,
    details: { not_measured: options.reason },
  };
}
