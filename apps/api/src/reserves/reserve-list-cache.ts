import type { CatalogueChanges } from "../catalogue/catalogue-changes.ts";

/**
 * The reserve list serialized once per catalogue change (a hold taken or released publishes
 * one too), like the pair cache: concurrent misses share one load, and a load overtaken by a
 * change is served but not kept.
 */
export function createReserveListCache(options: {
  load: () => Promise<unknown>;
  changes: CatalogueChanges;
}) {
  let generation = 0;
  let json: string | undefined;
  let loading: Promise<string> | undefined;
  options.changes.subscribe(() => {
    generation++;
    json = undefined;
    loading = undefined;
  });

  function get(): Promise<string> {
    if (json !== undefined) return Promise.resolve(json);
    if (!loading) {
      const startedAt = generation;
      const pending = options.load().then((list) => {
        const serialized = JSON.stringify(list);
        if (startedAt === generation) json = serialized;
        if (loading === pending) loading = undefined;
        return serialized;
      });
      pending.catch(() => {
        if (loading === pending) loading = undefined;
      });
      loading = pending;
    }
    return loading;
  }

  return { get };
}
