import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../connection.ts";
import { contentEntries, contentTranslations } from "../schema/content.ts";
import {
  readContentFolder,
  type SeedContentEntry,
  type SeedTranslation,
} from "./read-content-folder.ts";

/** Advisory lock key ("obmc") so replicas starting together write the texts once. */
const CONTENT_SEED_LOCK_KEY = 0x6f626d63;

export interface ContentSeedResult {
  inserted: number;
  updated: number;
  /** True when anything was written: running API processes must drop their content caches. */
  changed: boolean;
}

type EntryRow = typeof contentEntries.$inferSelect;
type TranslationRow = typeof contentTranslations.$inferSelect;

/**
 * Brings the shipped texts (pages, news, blog, FAQ) into the database on every start.
 *
 * - A missing entry or translation is inserted.
 * - A row the seed wrote and nobody changed since (its values still hash to `seed_digest`)
 *   follows the files, so a corrected text reaches an existing installation.
 * - A row an operator edited keeps the operator's words; `published` is never touched, so an
 *   operator hides a text by unpublishing it (deleting it would let the seed bring it back).
 * - Nothing is deleted: a text dropped from the files stays until an operator removes it.
 *
 * One transaction under an advisory lock; a second run with the same files writes nothing.
 */
export async function seedContent(
  db: Database,
  options: { folder?: string | URL; entries?: SeedContentEntry[] } = {},
): Promise<ContentSeedResult> {
  const seedEntries = options.entries ?? readContentFolder(options.folder);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_SEED_LOCK_KEY})`);
    const existingEntries = await tx.select().from(contentEntries);
    const existingTranslations = await tx.select().from(contentTranslations);
    const entryByKey = new Map(existingEntries.map((row) => [`${row.kind}/${row.slug}`, row]));
    const translationByKey = new Map(
      existingTranslations.map((row) => [`${row.entryId}/${row.locale}`, row]),
    );
    const result = { inserted: 0, updated: 0 };
    for (const seed of seedEntries) {
      const entry = await syncEntry(tx, seed, entryByKey.get(`${seed.kind}/${seed.slug}`), result);
      for (const translation of seed.translations) {
        const existing = translationByKey.get(`${entry.id}/${translation.locale}`);
        await syncTranslation(tx, entry.id, translation, existing, result);
      }
    }
    return { ...result, changed: result.inserted + result.updated > 0 };
  });
}

async function syncEntry(
  tx: Transaction,
  seed: SeedContentEntry,
  existing: EntryRow | undefined,
  result: { inserted: number; updated: number },
): Promise<EntryRow> {
  const values = {
    position: seed.position,
    section: seed.section,
    ...(seed.publishedAt ? { publishedAt: seed.publishedAt } : {}),
  };
  const seedDigest = entryDigest(seed.kind, values.position, values.section, seed.publishedAt);
  if (!existing) {
    const [row] = await tx
      .insert(contentEntries)
      .values({ kind: seed.kind, slug: seed.slug, ...values, seedDigest })
      .returning();
    result.inserted++;
    return row!;
  }
  const untouched =
    existing.seedDigest !== null &&
    existing.seedDigest ===
      entryDigest(existing.kind, existing.position, existing.section, existing.publishedAt);
  if (!untouched || existing.seedDigest === seedDigest) return existing;
  await tx
    .update(contentEntries)
    .set({ ...values, seedDigest })
    .where(eq(contentEntries.id, existing.id));
  result.updated++;
  return existing;
}

async function syncTranslation(
  tx: Transaction,
  entryId: number,
  seed: SeedTranslation,
  existing: TranslationRow | undefined,
  result: { inserted: number; updated: number },
) {
  const seedDigest = translationDigest(seed);
  if (!existing) {
    await tx.insert(contentTranslations).values({ entryId, ...seed, seedDigest });
    result.inserted++;
    return;
  }
  const untouched =
    existing.seedDigest !== null && existing.seedDigest === translationDigest(existing);
  if (!untouched || existing.seedDigest === seedDigest) return;
  await tx
    .update(contentTranslations)
    .set({ title: seed.title, description: seed.description, body: seed.body, seedDigest })
    .where(eq(contentTranslations.id, existing.id));
  result.updated++;
}

/** The date counts only where the seed sets it (news, blog); pages and FAQ keep their insert time. */
function entryDigest(
  kind: string,
  position: number,
  section: string | null,
  publishedAt: Date | null,
): string {
  const dated = kind === "news" || kind === "blog";
  return digest([position, section, dated ? (publishedAt?.toISOString() ?? null) : null]);
}

function translationDigest(values: { title: string; description: string; body: string }) {
  return digest([values.title, values.description, values.body]);
}

function digest(values: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(values)).digest("hex");
}
