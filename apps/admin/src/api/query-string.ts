/** Builds `?a=1&b=2` from the values that are set: a console address with its filters. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A whole page number from the address, 1 when absent or unreadable. */
export function pageParam(params: URLSearchParams): number {
  return Number(params.get("page") ?? "1") || 1;
}
