/** Spec §9: "Page reload guard: 10 seconds". */
export const RELOAD_GUARD_MS = 10_000;

const STORAGE_KEY = "obmen:reload-guard";

/** The part of `sessionStorage` the guard needs, so tests can pass their own. */
export type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * After a deploy, a page opened earlier asks for script files that no longer exist. Reloading
 * fetches the new build, but if the files are missing for another reason a reload would loop
 * forever: so reload at most once per 10 seconds per tab, and otherwise let the error page
 * show. Returns whether to reload now (and records it). Without storage (blocked, full) there
 * is no memory across reloads, so no reload either.
 */
export function claimReload(storage: GuardStorage | null, now: number): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(STORAGE_KEY));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) {
      return false;
    }
    storage.setItem(STORAGE_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** How browsers word a failed `import()` of a script (Chromium, Safari, Firefox). */
const MODULE_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** Whether an error is a missing script or stylesheet rather than a bug in the page. */
export function isAssetLoadError(error: unknown): boolean {
  return error instanceof Error && MODULE_LOAD_FAILURE.test(error.message);
}
