import {
  type AdminContentEntry,
  type AdminContentPatch,
  type AdminContentTranslation,
  type AdminCreateContentRequest,
  AppError,
  ErrorCode,
  type FieldProblem,
} from "@obmen/contracts";
import { contentEntries, contentTranslations, type Database, type Transaction } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ContentChanges } from "../../content/content-cache.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { contentEntryView } from "./content-entry-view.ts";

type Locale = "ru" | "en" | "uk";
type TranslationChanges = Partial<Record<Locale, AdminContentTranslation | null>>;
type EntryRow = typeof contentEntries.$inferSelect;

/** FAQ questions live in a section; other kinds have none (the table's check, worded). */
function sectionProblems(kind: EntryRow["kind"], section: string | null) {
  const fields: Record<string, FieldProblem> = {};
  if (kind === "faq" && section === null) {
    fields.section = { key: "Validation.required", field: "section" };
  }
  if (kind !== "faq" && section !== null) {
    fields.section = { key: "AdminErrors.SectionOnlyForFaq" };
  }
  return fields;
}

const slugTaken = () =>
  new AppError(ErrorCode.CONFLICT, { fields: { slug: { key: "AdminErrors.NameTaken" } } });

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function slugUsed(tx: Transaction, kind: EntryRow["kind"], slug: string, except?: number) {
  const [row] = await tx
    .select({ id: contentEntries.id })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.slug, slug)));
  return row !== undefined && row.id !== except;
}

/** Writes the languages given (null removes one); the seed's digest no longer matches, so
 * the seed never overwrites an editor's words (decision 010). */
async function writeTranslations(tx: Transaction, entryId: number, changes: TranslationChanges) {
  for (const [locale, translation] of Object.entries(changes) as [
    Locale,
    AdminContentTranslation | null | undefined,
  ][]) {
    if (translation === undefined) continue;
    const where = and(
      eq(contentTranslations.entryId, entryId),
      eq(contentTranslations.locale, locale),
    );
    if (translation === null) {
      await tx.delete(contentTranslations).where(where);
      continue;
    }
    await tx
      .insert(contentTranslations)
      .values({ entryId, locale, ...translation })
      .onConflictDoUpdate({
        target: [contentTranslations.entryId, contentTranslations.locale],
        set: { ...translation, updatedAt: new Date() },
      });
  }
}

async function loadEntry(tx: Database | Transaction, id: number): Promise<AdminContentEntry> {
  const [row] = await tx.select().from(contentEntries).where(eq(contentEntries.id, id));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  const translations = await tx
    .select()
    .from(contentTranslations)
    .where(eq(contentTranslations.entryId, id));
  return contentEntryView(row, translations);
}

/** `GET /admin/api/content/{id}`: the text with every language, published or not. */
export const loadContentEntry = (options: { db: Database; id: number }) =>
  loadEntry(options.db, options.id);

/** What the audit row keeps of a text: its facts, and each language's words. */
function auditShape(entry: AdminContentEntry) {
  const { updated_at: _updated, site_path: _path, translations, ...facts } = entry;
  const words = Object.fromEntries(
    Object.entries(translations).map(([locale, translation]) => [
      locale,
      translation && {
        title: translation.title,
        description: translation.description,
        body: translation.body,
      },
    ]),
  );
  return { ...facts, translations: words };
}

/**
 * Only what an update changed: the facts that differ, and the languages whose words differ
 * (a long page edited in one language does not copy the other two into every audit row).
 */
function auditChanges(
  before: ReturnType<typeof auditShape>,
  after: ReturnType<typeof auditShape>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (key === "translations" || !differs(before[key], after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  const languages = Object.keys(after.translations).filter((locale) =>
    differs(before.translations[locale], after.translations[locale]),
  );
  if (languages.length > 0) {
    was.translations = Object.fromEntries(languages.map((l) => [l, before.translations[l]]));
    now.translations = Object.fromEntries(languages.map((l) => [l, after.translations[l]]));
  }
  return { before: was, after: now };
}

/**
 * `POST /admin/api/content`: a news item, blog post or FAQ question, with its audit row; the
 * site shows it at once (every replica drops its content cache, decision 010).
 */
export async function createContentEntry(options: {
  db: Database;
  contentChanges: ContentChanges;
  request: z.output<typeof AdminCreateContentRequest>;
  actor: AuditActor;
}): Promise<AdminContentEntry> {
  const { request } = options;
  const problems = sectionProblems(request.kind, request.section);
  if (Object.keys(problems).length > 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: problems });
  }
  const created = await options.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentEntries)
      .values({
        kind: request.kind,
        slug: request.slug,
        section: request.section,
        position: request.position,
        published: request.published,
        ...(request.published_at ? { publishedAt: new Date(request.published_at) } : {}),
      })
      .onConflictDoNothing({ target: [contentEntries.kind, contentEntries.slug] })
      .returning({ id: contentEntries.id });
    if (!row) throw slugTaken();
    await writeTranslations(tx, row.id, request.translations);
    const entry = await loadEntry(tx, row.id);
    await writeAudit({
      tx,
      actor: options.actor,
      action: "content.create",
      targetType: "content",
      targetId: row.id,
      after: auditShape(entry),
    });
    return entry;
  });
  await options.contentChanges.publish();
  return created;
}

/**
 * `PATCH /admin/api/content/{id}`: the keys and languages sent change, the row locked so two
 * editors' saves apply one after the other, before and after in the audit log; live at once.
 */
export async function updateContentEntry(options: {
  db: Database;
  contentChanges: ContentChanges;
  id: number;
  patch: z.output<typeof AdminContentPatch>;
  actor: AuditActor;
}): Promise<AdminContentEntry> {
  const { patch } = options;
  if (patch.translations?.ru === null) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { "translations.ru": { key: "AdminErrors.RussianTextRequired" } },
    });
  }
  const updated = await options.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.id, options.id))
      .for("update");
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const section = patch.section === undefined ? row.section : patch.section;
    const problems = sectionProblems(row.kind, section);
    if (Object.keys(problems).length > 0) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: problems });
    }
    if (patch.slug !== undefined && (await slugUsed(tx, row.kind, patch.slug, row.id))) {
      throw slugTaken();
    }
    const before = await loadEntry(tx, row.id);
    await tx
      .update(contentEntries)
      .set({
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        section,
        ...(patch.position !== undefined ? { position: patch.position } : {}),
        ...(patch.published !== undefined ? { published: patch.published } : {}),
        ...(patch.published_at !== undefined ? { publishedAt: new Date(patch.published_at) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(contentEntries.id, row.id))
      // Another editor took the slug since the check above: the same refusal, not a 500.
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? slugTaken() : error;
      });
    if (patch.translations) await writeTranslations(tx, row.id, patch.translations);
    const after = await loadEntry(tx, row.id);
    await writeAudit({
      tx,
      actor: options.actor,
      action:
        patch.published !== undefined && Object.keys(patch).length === 1
          ? patch.published
            ? "content.publish"
            : "content.unpublish"
          : "content.update",
      targetType: "content",
      targetId: row.id,
      ...auditChanges(auditShape(before), auditShape(after)),
    });
    return after;
  });
  await options.contentChanges.publish();
  return updated;
}
