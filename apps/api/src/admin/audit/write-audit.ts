import { auditLog, type Database, type Transaction } from "@obmen/db";

/** Who made a console call, as the audit log records it. */
export interface AuditActor {
  operatorId: string | null;
  ip: string | null;
}

/**
 * Appends one audit row (issue 14 §7). Called inside the transaction of the change it records,
 * so a change without its audit row (or a row for a change that rolled back) cannot exist.
 */
export async function writeAudit(options: {
  tx: Database | Transaction;
  actor: AuditActor;
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}) {
  await options.tx.insert(auditLog).values({
    operatorId: options.actor.operatorId,
    action: options.action,
    targetType: options.targetType ?? null,
    targetId: options.targetId === undefined ? null : String(options.targetId),
    before: options.before ?? null,
    after: options.after ?? null,
    ip: options.actor.ip,
  });
}
