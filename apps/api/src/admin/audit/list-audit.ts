import { ADMIN_PAGE_SIZE, type AdminAuditEntry, type AdminAuditQuery } from "@obmen/contracts";
import { auditLog, type Database, operators } from "@obmen/db";
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";

const DAY_MS = 86_400_000;

/**
 * The audit log, newest first, a page at a time (`GET /admin/api/audit`), narrowed by the
 * filters an admin picks (issue 26 point 10): the operator, what the row concerns (one object
 * or every object of a type), the action and a range of UTC days, both ends included.
 */
export async function listAudit(options: {
  db: Database;
  query: AdminAuditQuery;
}): Promise<{ items: AdminAuditEntry[]; total: number }> {
  const { db, query } = options;
  const where = and(...auditFilters(query));
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: auditLog, email: operators.email })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return {
    total: count?.total ?? 0,
    items: rows.map(({ entry, email }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor: entry.operatorId && email ? { id: entry.operatorId, email } : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
    })),
  };
}

function auditFilters(query: AdminAuditQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.operator) filters.push(eq(auditLog.operatorId, query.operator));
  if (query.target_type) filters.push(eq(auditLog.targetType, query.target_type));
  if (query.target_id) filters.push(eq(auditLog.targetId, query.target_id));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    // Up to the end of that day: before the next one begins.
    const next = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
    filters.push(lt(auditLog.createdAt, next));
  }
  return filters;
}
