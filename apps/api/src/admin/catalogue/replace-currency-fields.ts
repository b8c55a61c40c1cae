import {
  type AdminCurrency,
  type AdminCurrencyFieldsRequest,
  AppError,
  ErrorCode,
} from "@obmen/contracts";
import { currencies, currencyFields, type Database } from "@obmen/db";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { fieldDefinitionProblems, fieldDefinitionRows } from "./check-field-definitions.ts";
import { loadAdminCurrencies } from "./currency-view.ts";

/**
 * `PUT /admin/api/currencies/{id}/fields`: the currency's order field definitions become the
 * given list, checked as the database checks them. Orders keep the values they were made with
 * (their `fields` column); the order desk labels a key that is gone with the key itself.
 */
export async function replaceCurrencyFields(options: {
  db: Database;
  catalogueChanges: CatalogueChanges;
  id: number;
  request: z.output<typeof AdminCurrencyFieldsRequest>;
  actor: AuditActor;
}): Promise<AdminCurrency> {
  const { db, id, request } = options;
  const problems = fieldDefinitionProblems(request.fields);
  if (Object.keys(problems).length > 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: problems });
  }
  const updated = await db.transaction(async (tx) => {
    const [currency] = await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.id, id))
      .for("update");
    if (!currency) throw new AppError(ErrorCode.NOT_FOUND);
    const [before] = await loadAdminCurrencies({ db: tx, id });
    await tx.delete(currencyFields).where(eq(currencyFields.currencyId, id));
    if (request.fields.length > 0) {
      await tx.insert(currencyFields).values(fieldDefinitionRows(id, request.fields));
    }
    await writeAudit({
      tx,
      actor: options.actor,
      action: "currency.fields",
      targetType: "currency",
      targetId: id,
      before: { fields: before!.fields },
      after: { fields: request.fields },
    });
    const [view] = await loadAdminCurrencies({ db: tx, id });
    return view!;
  });
  await options.catalogueChanges.publish();
  return updated;
}
