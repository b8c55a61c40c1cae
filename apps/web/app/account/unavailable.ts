/** What an account page gets when its data could not be had: the page shows a notice. */
export const UNAVAILABLE = { unavailable: true } as const;

export function isUnavailable(value: unknown): value is typeof UNAVAILABLE {
  return typeof value === "object" && value !== null && "unavailable" in value;
}
