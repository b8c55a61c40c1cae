/**
 * The referral list's sorting (spec §4): the first click on a column sorts it ascending, the
 * second descending, the third clears the sort (back to the default key, `created_at`,
 * ascending as the spec's default). Numbers compare numerically, other values as strings.
 * Pure, so the page sorts on the server from the URL (`?sort=reward&dir=desc`) and works
 * without JavaScript: each column heading links to its next state.
 */

export const SORT_KEYS = [
  "created_at",
  "pair",
  "send_amount",
  "receive_amount",
  "exchange_status",
  "reward",
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT_KEY: SortKey = "created_at";

export type SortState = { key: SortKey; dir: "asc" | "desc" } | null;

/** Reads `?sort=&dir=`; anything unknown is no sort. */
export function readSort(params: URLSearchParams): SortState {
  const key = params.get("sort");
  const dir = params.get("dir");
  if (!SORT_KEYS.includes(key as SortKey)) return null;
  if (dir !== "asc" && dir !== "desc") return null;
  return { key: key as SortKey, dir };
}

/** A click on `key`: another column starts ascending; the same goes asc → desc → cleared. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current === null || current.key !== key) return { key, dir: "asc" };
  if (current.dir === "asc") return { key, dir: "desc" };
  return null;
}

/** The query for a state, keeping the list's other parameters (the page). */
export function sortQuery(params: URLSearchParams, state: SortState): string {
  const next = new URLSearchParams(params);
  next.delete("sort");
  next.delete("dir");
  if (state) {
    next.set("sort", state.key);
    next.set("dir", state.dir);
  }
  const query = next.toString();
  return query ? `?${query}` : "";
}

/** A decimal string, an integer or a number counts as a number; anything else is a string. */
const NUMERIC = /^-?\d+(\.\d+)?$/;

export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === "number" || (typeof a === "string" && NUMERIC.test(a))) {
    if (typeof b === "number" || (typeof b === "string" && NUMERIC.test(b))) {
      return compareNumbers(String(a), String(b));
    }
  }
  const left = String(a ?? "");
  const right = String(b ?? "");
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Compares decimal strings exactly (amounts can carry 18 places, past a double's precision):
 * sign, then the integer part's length and digits, then the fraction's digits.
 */
function compareNumbers(a: string, b: string): number {
  const negA = a.startsWith("-");
  const negB = b.startsWith("-");
  if (negA !== negB) return isZero(a) && isZero(b) ? 0 : negA ? -1 : 1;
  const magnitude = compareMagnitudes(a.replace("-", ""), b.replace("-", ""));
  return negA ? -magnitude : magnitude;
}

function isZero(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value);
}

function compareMagnitudes(a: string, b: string): number {
  const [intA = "", fracA = ""] = a.split(".");
  const [intB = "", fracB = ""] = b.split(".");
  const wholeA = intA.replace(/^0+(?=\d)/, "");
  const wholeB = intB.replace(/^0+(?=\d)/, "");
  if (wholeA.length !== wholeB.length) return wholeA.length < wholeB.length ? -1 : 1;
  if (wholeA !== wholeB) return wholeA < wholeB ? -1 : 1;
  const width = Math.max(fracA.length, fracB.length);
  const partA = fracA.padEnd(width, "0");
  const partB = fracB.padEnd(width, "0");
  return partA < partB ? -1 : partA > partB ? 1 : 0;
}

/**
 * The rows in the state's order (a stable sort: equal rows keep the API's order). No state
 * sorts by the default key ascending.
 */
export function sortRows<T>(
  rows: readonly T[],
  state: SortState,
  sortValue: (row: T, key: SortKey) => unknown,
): T[] {
  const key = state?.key ?? DEFAULT_SORT_KEY;
  const sign = state?.dir === "desc" ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        sign * compareValues(sortValue(a.row, key), sortValue(b.row, key)) || a.index - b.index,
    )
    .map((entry) => entry.row);
}
