import { LOCALES, type Locale } from "@obmen/contracts";
import type { CatalogueChanges } from "./catalogue-changes.ts";

/**
 * A value built on first use and dropped on every catalogue change: the one caching rule of
 * the pair list, the reserve list and the rates export. Concurrent misses share one build; a
 * build overtaken by a change is served to its callers but not kept.
 */
export function createChangeDroppedValue<T>(options: {
  /** `generation` counts changes, for builds that must order themselves (rates export). */
  build: (generation: number) => Promise<T>;
  changes: CatalogueChanges;
  /**
   * When a built value goes stale by itself (epoch ms), or null: a pair whose automatic rate
   * passes its freshness limit leaves the list with no change to announce it (decision 056).
   */
  expiresAt?: (value: T) => number | null;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let generation = 0;
  let current: T | undefined;
  let currentExpiresAt: number | null = null;
  let building: Promise<T> | undefined;
  const drop = () => {
    generation++;
    current = undefined;
    currentExpiresAt = null;
    building = undefined;
  };
  options.changes.subscribe(drop);
  const expired = () => currentExpiresAt !== null && now() >= currentExpiresAt;

  function get(): Promise<T> {
    if (current !== undefined && expired()) drop();
    if (current !== undefined) return Promise.resolve(current);
    if (!building) {
      const startedAt = generation;
      const pending = options.build(startedAt).then((value) => {
        if (startedAt === generation) {
          current = value;
          currentExpiresAt = options.expiresAt?.(value) ?? null;
        }
        if (building === pending) building = undefined;
        return value;
      });
      pending.catch(() => {
        if (building === pending) building = undefined;
      });
      building = pending;
    }
    return building;
  }

  return {
    get,
    /** The value if one is built, so a hot path can answer without awaiting. */
    peek: (): T | undefined => (expired() ? undefined : current),
  };
}

/** One change-dropped value per language, each built on its own first use. */
export function createChangeDroppedPerLanguage<T>(options: {
  build: (lang: Locale) => Promise<T>;
  changes: CatalogueChanges;
  expiresAt?: (value: T) => number | null;
}) {
  const byLang = new Map(
    LOCALES.map((lang) => [
      lang,
      createChangeDroppedValue({
        changes: options.changes,
        build: () => options.build(lang),
        expiresAt: options.expiresAt,
      }),
    ]),
  );
  return { get: (lang: Locale) => byLang.get(lang)!.get() };
}
