import type { BlacklistEntry, BlacklistKind } from "@obmen/contracts";
import { blacklistEntries, type Database, operators } from "@obmen/db";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";

export const BLACKLIST_PAGE_SIZE = 50;

/** The blacklist, newest first, by kind and/or a part of the shown value or reason. */
export async function listBlacklist(options: {
  db: Database;
  kind?: BlacklistKind;
  q?: string;
  page: number;
}): Promise<{ items: BlacklistEntry[]; total: number; page: number; page_size: number }> {
  const { db, page } = options;
  const conditions: SQL[] = [];
  if (options.kind) conditions.push(eq(blacklistEntries.kind, options.kind));
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(blacklistEntries.shown, pattern), ilike(blacklistEntries.reason, pattern))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: blacklistEntries, email: operators.email })
      .from(blacklistEntries)
      .leftJoin(operators, eq(operators.id, blacklistEntries.createdBy))
      .where(where)
      .orderBy(desc(blacklistEntries.id))
      .limit(BLACKLIST_PAGE_SIZE)
      .offset((page - 1) * BLACKLIST_PAGE_SIZE),
    db.select({ n: count() }).from(blacklistEntries).where(where),
  ]);
  return {
    items: rows.map(({ entry, email }) => ({
      id: entry.id,
      kind: entry.kind,
      shown: entry.shown,
      reason: entry.reason,
      created_by: email,
      created_at: entry.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    page_size: BLACKLIST_PAGE_SIZE,
  };
}
