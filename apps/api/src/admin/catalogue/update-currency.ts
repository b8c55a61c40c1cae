import {
  type AdminCurrency,
  type AdminCurrencyPatch,
  AppError,
  ErrorCode,
  type FieldProblem,
  PaymentWatch,
} from "@obmen/contracts";
import { currencies, type Database } from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { eq } from "drizzle-orm";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { bindPaymentWatch } from "../../payments/bind-payment-watch.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { loadAdminCurrencies } from "./currency-view.ts";
import { patchColumns } from "./patch-columns.ts";

/** The patchable columns, wire name → row field. */
const COLUMNS = {
  reserve: "reserve",
  decimals: "decimals",
  send_min: "sendMin",
  send_max: "sendMax",
  active: "active",
  reserve_name: "reserveName",
  reserve_warning: "reserveWarning",
  sort_order: "sortOrder",
  payment_target: "paymentTarget",
  payment_holder: "paymentHolder",
} as const satisfies Record<
  Exclude<keyof AdminCurrencyPatch, "payment_watch">,
  keyof typeof currencies.$inferSelect
>;

/**
 * `PATCH /admin/api/currencies/{id}`: reserve, decimals, limits, on/off, payment details. The
 * row is locked, the merged limits checked (min ≤ max, each within the currency's decimal
 * places), the change and its audit row written together; then every replica drops its
 * cached pair list and rates export (catalogue-changes.ts).
 */
export async function updateCurrency(options: {
  db: Database;
  catalogueChanges: CatalogueChanges;
  id: number;
  patch: AdminCurrencyPatch;
  actor: AuditActor;
  /** Whether BTCPAY_URL and its key are set: binding to BTCPay needs them. */
  btcpayConfigured: boolean;
}): Promise<AdminCurrency> {
  const { db, id, patch } = options;
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(currencies).where(eq(currencies.id, id)).for("update");
    if (!current) throw new AppError(ErrorCode.NOT_FOUND);
    const { payment_watch: watch, ...columns } = patch;
    const { set, before } = patchColumns({ columns: COLUMNS, patch: columns, current });
    const merged = { ...current, ...set };
    checkCurrencyLimits(merged, patch);
    if (watch !== undefined) {
      const bound = await bindPaymentWatch({
        tx,
        currencyId: id,
        currencyCode: current.currencyCode,
        watch: watch === null ? null : PaymentWatch.parse(watch),
        btcpayConfigured: options.btcpayConfigured,
      });
      Object.assign(before, { payment_watch: bound.before });
    }
    if (Object.keys(set).length > 0) {
      await tx.update(currencies).set(set).where(eq(currencies.id, id));
    }
    await writeAudit({
      tx,
      actor: options.actor,
      action: "currency.update",
      targetType: "currency",
      targetId: id,
      before,
      after: patch as Record<string, unknown>,
    });
    const [view] = await loadAdminCurrencies({ db: tx, id });
    return view!;
  });
  await options.catalogueChanges.publish();
  return updated;
}

/** Limits as strict as the public API reads amounts: within the currency's places, min ≤ max. */
function checkCurrencyLimits(currency: typeof currencies.$inferSelect, patch: AdminCurrencyPatch) {
  const fields: Record<string, FieldProblem> = {};
  const places = (value: string) => (value.split(".")[1] ?? "").length;
  for (const [wire, value] of [
    ["reserve", currency.reserve],
    ["reserve_warning", currency.reserveWarning],
    ["send_min", currency.sendMin],
    ["send_max", currency.sendMax],
  ] as const) {
    // A value is checked when it or the decimals change: an old value never blocks an
    // unrelated change (switching a currency off).
    const touched = patch[wire] !== undefined || patch.decimals !== undefined;
    if (touched && value !== null && places(value) > currency.decimals) {
      fields[wire] = { key: "Amount.too_many_decimals", values: { count: currency.decimals } };
    }
  }
  if (
    currency.sendMin !== null &&
    currency.sendMax !== null &&
    toDecimal(currency.sendMin).gt(currency.sendMax)
  ) {
    fields.send_min = { key: "AdminErrors.MinAboveMax" };
  }
  if (Object.keys(fields).length > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, { fields });
}
