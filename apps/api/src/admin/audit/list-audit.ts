import { ADMIN_PAGE_SIZE, type AdminAuditEntry } from "@obmen/contracts";
import { auditLog, type Database, operators } from "@obmen/db";
import { desc, eq, sql } from "drizzle-orm";

/** The audit log, newest first, a page at a time (`GET /admin/api/audit?page=`). */
export async function listAudit(options: {
  db: Database;
  page: number;
}): Promise<{ items: AdminAuditEntry[]; total: number }> {
  const { db } = options;
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: auditLog, email: operators.email })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .orderBy(desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((options.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog),
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
