import { type AdminPair, AppError, ErrorCode } from "@obmen/contracts";
import { currencyPairs, type Database } from "@obmen/db";
import { eq } from "drizzle-orm";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { applyPairRates } from "../../rates/apply-pair-rates.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { loadAdminPairs } from "../catalogue/pair-view.ts";

/**
 * `POST /admin/api/pairs/{id}/confirm-rate`: an operator accepts a real rate held back by the
 * pair's jump bound (issue 27 point 6); the pair takes the rate its quotes give now.
 */
export async function confirmPairRate(options: {
  db: Database;
  catalogueChanges: CatalogueChanges;
  id: number;
  actor: AuditActor;
}): Promise<AdminPair> {
  const { db, id } = options;
  const view = await db.transaction(async (tx) => {
    const [pair] = await tx
      .select({ held: currencyPairs.heldRealRate })
      .from(currencyPairs)
      .where(eq(currencyPairs.id, id))
      .for("update");
    if (!pair) throw new AppError(ErrorCode.NOT_FOUND);
    if (pair.held === null) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        fields: { held_real_rate: { key: "RateAdmin.Errors.NothingHeld" } },
      });
    }
    await applyPairRates({ tx, pairIds: [id], confirm: true });
    await writeAudit({
      tx,
      actor: options.actor,
      action: "pair.confirm_rate",
      targetType: "pair",
      targetId: id,
      before: { held_real_rate: pair.held },
      after: {},
    });
    const [loaded] = await loadAdminPairs({ db: tx, id });
    return loaded!;
  });
  await options.catalogueChanges.publish();
  return view;
}
