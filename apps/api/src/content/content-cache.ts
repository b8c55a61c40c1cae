import { createHash } from "node:crypto";
import type { ContentIndex, Locale } from "@obmen/contracts";
import type { CatalogueChanges } from "../catalogue/catalogue-changes.ts";
import { createChangeDroppedValue } from "../catalogue/change-dropped-value.ts";
import { buildContentIndex, buildContentViews, type ContentViews } from "./build-content-views.ts";
import type { PublishedEntry } from "./load-published-content.ts";

/**
 * Tells every process that a text changed (seed, operator console), so each drops its content
 * cache. Same bus shape as the catalogue's, on its own channel: an order taking a reserve hold
 * must not throw away rendered pages, nor a page edit the pair list.
 */
export type ContentChanges = CatalogueChanges;

/** One answer, encoded once: the body of `{"data": …}` and its strong entity tag. */
export interface ContentRepresentation {
  body: Buffer;
  etag: string;
}

/** Past this many memoised answers per snapshot (odd page sizes), answers are built per call. */
const MAX_MEMOISED_ANSWERS = 2_000;

/**
 * The published texts, loaded in one go and dropped on every content change. Each language's
 * views are rendered on first use, and each answer is serialised once, so a hot page costs a
 * map lookup. A build overtaken by a change is served to its callers but not kept.
 */
export function createContentCache(options: {
  load: () => Promise<PublishedEntry[]>;
  changes: ContentChanges;
}) {
  const snapshot = createChangeDroppedValue({
    changes: options.changes,
    build: async () => createContentSnapshot(await options.load()),
  });
  return { get: () => snapshot.get() };
}

export type ContentCache = ReturnType<typeof createContentCache>;

export type ContentSnapshot = ReturnType<typeof createContentSnapshot>;

function createContentSnapshot(entries: PublishedEntry[]) {
  const views = new Map<Locale, ContentViews>();
  let index: ContentIndex | undefined;
  const answers = new Map<string, ContentRepresentation>();

  return {
    views(lang: Locale): ContentViews {
      let built = views.get(lang);
      if (!built) {
        built = buildContentViews(entries, lang);
        views.set(lang, built);
      }
      return built;
    },
    index(): ContentIndex {
      index ??= buildContentIndex(entries);
      return index;
    },
    /**
     * The encoded answer under `key`, built by `data` once; null (a 404) when `data` finds
     * nothing, which is not memoised, so made-up slugs cannot crowd out real answers. Keys
     * must name everything the answer depends on (language, slug, page).
     */
    answer(key: string, data: () => unknown): ContentRepresentation | null {
      const memoised = answers.get(key);
      if (memoised) return memoised;
      const value = data();
      if (value === null || value === undefined) return null;
      const answer = represent(value);
      if (answers.size < MAX_MEMOISED_ANSWERS) answers.set(key, answer);
      return answer;
    },
  };
}

function represent(data: unknown): ContentRepresentation {
  const body = Buffer.from(JSON.stringify({ data }), "utf8");
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url")}"` };
}
