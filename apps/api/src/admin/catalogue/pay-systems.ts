import {
  type AdminCreatePaySystemRequest,
  type AdminPaySystem,
  AppError,
  ErrorCode,
} from "@obmen/contracts";
import { type Database, paySystems } from "@obmen/db";
import { asc } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";

type PaySystemRow = typeof paySystems.$inferSelect;

export function paySystemView(row: PaySystemRow): AdminPaySystem {
  return {
    id: row.id,
    name: row.name,
    name_ru: row.nameRu,
    name_en: row.nameEn,
    name_uk: row.nameUk,
    icon: row.icon,
    network_code: row.networkCode,
  };
}

export async function listPaySystems(options: { db: Database }): Promise<AdminPaySystem[]> {
  const rows = await options.db.select().from(paySystems).orderBy(asc(paySystems.name));
  return rows.map(paySystemView);
}

/** A new brand or network (`POST /admin/api/pay-systems`); the name is unique (409 otherwise). */
export async function createPaySystem(options: {
  db: Database;
  request: z.output<typeof AdminCreatePaySystemRequest>;
  actor: AuditActor;
}): Promise<AdminPaySystem> {
  const { request } = options;
  return options.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(paySystems)
      .values({
        name: request.name,
        nameRu: request.name_ru ?? null,
        nameEn: request.name_en ?? null,
        nameUk: request.name_uk ?? null,
        icon: request.icon,
        networkCode: request.network_code ?? null,
      })
      .onConflictDoNothing({ target: paySystems.name })
      .returning();
    if (!created) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: { name: { key: "AdminErrors.NameTaken" } },
      });
    }
    await writeAudit({
      tx,
      actor: options.actor,
      action: "pay_system.create",
      targetType: "pay_system",
      targetId: created.id,
      after: request,
    });
    return paySystemView(created);
  });
}
