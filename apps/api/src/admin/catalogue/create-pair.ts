import {
  type AdminCreatePairRequest,
  type AdminPair,
  AppError,
  ErrorCode,
  type FieldProblem,
} from "@obmen/contracts";
import { currencies, currencyPairs, type Database } from "@obmen/db";
import { inArray } from "drizzle-orm";
import type { z } from "zod";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { loadAdminPairs } from "./pair-view.ts";
import { checkPair } from "./update-pair.ts";

type Request = z.output<typeof AdminCreatePairRequest>;

/**
 * `POST /admin/api/pairs`: a new exchange direction between two existing currencies, checked
 * like a patch (rates above zero, one of them 1, min ≤ max, amounts within their currency's
 * places); the same direction twice is 409. Off until switched on.
 */
export async function createPair(options: {
  db: Database;
  catalogueChanges: CatalogueChanges;
  request: Request;
  actor: AuditActor;
}): Promise<AdminPair> {
  const { db, request } = options;
  const created = await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: currencies.id, decimals: currencies.decimals })
      .from(currencies)
      .where(inArray(currencies.id, [request.send_currency_id, request.receive_currency_id]));
    const decimalsOf = (id: number) => found.find((row) => row.id === id)?.decimals;
    const fields: Record<string, FieldProblem> = {};
    for (const wire of ["send_currency_id", "receive_currency_id"] as const) {
      if (decimalsOf(request[wire]) === undefined) {
        fields[wire] = { key: "Validation.invalid", field: wire };
      }
    }
    if (request.send_currency_id === request.receive_currency_id) {
      fields.receive_currency_id ??= { key: "AdminErrors.SameCurrency" };
    }
    if (Object.keys(fields).length > 0) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, { fields });
    }
    const values = {
      sendCurrencyId: request.send_currency_id,
      receiveCurrencyId: request.receive_currency_id,
      sendRate: request.send_rate,
      receiveRate: request.receive_rate,
      sendRateReal: request.send_rate_real,
      receiveRateReal: request.receive_rate_real,
      comissionAmount: request.comission_amount,
      minSendSum: request.min_send_sum,
      maxSendSum: request.max_send_sum,
      minReceiveSum: request.min_receive_sum,
      maxReceiveSum: request.max_receive_sum,
      active: request.active,
      sortOrder: request.sort_order,
    };
    checkPair(values, request, {
      send: decimalsOf(request.send_currency_id)!,
      receive: decimalsOf(request.receive_currency_id)!,
    });
    const [row] = await tx
      .insert(currencyPairs)
      .values(values)
      .onConflictDoNothing({
        target: [currencyPairs.sendCurrencyId, currencyPairs.receiveCurrencyId],
      })
      .returning({ id: currencyPairs.id });
    if (!row) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: { receive_currency_id: { key: "AdminErrors.PairExists" } },
      });
    }
    await writeAudit({
      tx,
      actor: options.actor,
      action: "pair.create",
      targetType: "pair",
      targetId: row.id,
      after: request,
    });
    const [view] = await loadAdminPairs({ db: tx, id: row.id });
    return view!;
  });
  await options.catalogueChanges.publish();
  return created;
}
