import {
  type AdminPaySystem,
  type AdminPaySystemPatch,
  AppError,
  ErrorCode,
} from "@obmen/contracts";
import { type Database, paySystems } from "@obmen/db";
import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { patchColumns } from "./patch-columns.ts";
import { paySystemView } from "./pay-systems.ts";

type Patch = z.output<typeof AdminPaySystemPatch>;

/** The patchable columns, wire name → row field. */
const COLUMNS = {
  name: "name",
  name_ru: "nameRu",
  name_en: "nameEn",
  name_uk: "nameUk",
  icon: "icon",
} as const satisfies Record<keyof Patch, keyof typeof paySystems.$inferSelect>;

const nameTaken = () =>
  new AppError(ErrorCode.CONFLICT, { fields: { name: { key: "AdminErrors.NameTaken" } } });

/**
 * `PATCH /admin/api/pay-systems/{id}`: names and icon. The row is locked, the change and its
 * audit row (before/after) written together; then every replica drops its cached pair list and
 * rates export, which carry the pay system's name (catalogue-changes.ts).
 */
export async function updatePaySystem(options: {
  db: Database;
  catalogueChanges: CatalogueChanges;
  id: number;
  patch: Patch;
  actor: AuditActor;
}): Promise<AdminPaySystem> {
  const { db, id, patch } = options;
  let updated: AdminPaySystem;
  try {
    updated = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(paySystems)
        .where(eq(paySystems.id, id))
        .for("update");
      if (!current) throw new AppError(ErrorCode.NOT_FOUND);
      if (patch.name !== undefined) {
        const [other] = await tx
          .select({ id: paySystems.id })
          .from(paySystems)
          .where(and(eq(paySystems.name, patch.name), ne(paySystems.id, id)));
        if (other) throw nameTaken();
      }
      const { set, before } = patchColumns({ columns: COLUMNS, patch, current });
      const [row] = await tx.update(paySystems).set(set).where(eq(paySystems.id, id)).returning();
      await writeAudit({
        tx,
        actor: options.actor,
        action: "pay_system.update",
        targetType: "pay_system",
        targetId: id,
        before,
        after: patch as Record<string, unknown>,
      });
      return paySystemView(row!);
    });
  } catch (error) {
    // Two operators renaming two systems to one free name at once: the loser meets the
    // unique index, not the check above.
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
  await options.catalogueChanges.publish();
  return updated;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
