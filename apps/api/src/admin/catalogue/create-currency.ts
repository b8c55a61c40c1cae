import {
  type AdminCreateCurrencyRequest,
  type AdminCurrency,
  AppError,
  ErrorCode,
  type FieldProblem,
} from "@obmen/contracts";
import { currencies, currencyFields, type Database, paySystems } from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { fieldDefinitionProblems, fieldDefinitionRows } from "./check-field-definitions.ts";
import { loadAdminCurrencies } from "./currency-view.ts";

type Request = z.output<typeof AdminCreateCurrencyRequest>;

/**
 * `POST /admin/api/currencies`: a currency with the fields customers fill for it. Everything
 * the database would refuse is checked first and reported under its field (decision 007's key
 * rule, `network` exactly for crypto addresses, a format narrowing its type, decision 025), so
 * bad input is a 422, never a 500. A taken `url_xml` is 409. Off until switched on.
 */
export async function createCurrency(options: {
  db: Database;
  catalogueChanges: CatalogueChanges;
  request: Request;
  actor: AuditActor;
}): Promise<AdminCurrency> {
  const { db, request } = options;
  checkCurrency(request);
  const created = await db.transaction(async (tx) => {
    const [paySystem] = await tx
      .select({ id: paySystems.id })
      .from(paySystems)
      .where(eq(paySystems.id, request.pay_system_id));
    if (!paySystem) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        fields: { pay_system_id: { key: "Validation.invalid", field: "pay_system_id" } },
      });
    }
    const [row] = await tx
      .insert(currencies)
      .values({
        paySystemId: request.pay_system_id,
        currencyCode: request.currency_code,
        urlXml: request.url_xml,
        kind: request.kind,
        decimals: request.decimals,
        reserve: request.reserve,
        reserveName: request.reserve_name,
        sendMin: request.send_min,
        sendMax: request.send_max,
        active: request.active,
        sortOrder: request.sort_order,
        paymentTarget: request.payment_target,
        paymentHolder: request.payment_holder,
      })
      .onConflictDoNothing({ target: currencies.urlXml })
      .returning({ id: currencies.id });
    if (!row) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: { url_xml: { key: "AdminErrors.NameTaken" } },
      });
    }
    if (request.fields.length > 0) {
      await tx.insert(currencyFields).values(fieldDefinitionRows(row.id, request.fields));
    }
    await writeAudit({
      tx,
      actor: options.actor,
      action: "currency.create",
      targetType: "currency",
      targetId: row.id,
      after: request as unknown as Record<string, unknown>,
    });
    const [view] = await loadAdminCurrencies({ db: tx, id: row.id });
    return view!;
  });
  await options.catalogueChanges.publish();
  return created;
}

function checkCurrency(request: Request) {
  const fields: Record<string, FieldProblem> = {};
  const places = (value: string) => (value.split(".")[1] ?? "").length;
  for (const wire of ["reserve", "send_min", "send_max"] as const) {
    const value = request[wire];
    if (value !== null && places(value) > request.decimals) {
      fields[wire] = { key: "Amount.too_many_decimals", values: { count: request.decimals } };
    }
  }
  if (request.send_min !== null && request.send_max !== null) {
    if (toDecimal(request.send_min).gt(request.send_max)) {
      fields.send_min ??= { key: "AdminErrors.MinAboveMax" };
    }
  }
  Object.assign(fields, fieldDefinitionProblems(request.fields));
  if (Object.keys(fields).length > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, { fields });
}
