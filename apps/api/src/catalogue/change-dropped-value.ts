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
}) {
  let generation = 0;
  let current: T | undefined;
  let building: Promise<T> | undefined;
  options.changes.subscribe(() => {
    generation++;
    current = undefined;
    building = undefined;
  });

  function get(): Promise<T> {
    if (current !== undefined) return Promise.resolve(current);
    if (!building) {
      const startedAt = generation;
      const pending = options.build(startedAt).then((value) => {
        if (startedAt === generation) current = value;
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
    peek: (): T | undefined => current,
  };
}

/** One change-dropped value per language, each built on its own first use. */
export function createChangeDroppedPerLanguage<T>(options: {
  build: (lang: Locale) => Promise<T>;
  changes: CatalogueChanges;
}) {
  const byLang = new Map(
    LOCALES.map((lang) => [
      lang,
      createChangeDroppedValue({ changes: options.changes, build: () => options.build(lang) }),
    ]),
  );
  return { get: (lang: Locale) => byLang.get(lang)!.get() };
}
