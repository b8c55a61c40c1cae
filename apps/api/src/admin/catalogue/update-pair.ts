import {
  type AdminPair,
  type AdminPairPatch,
  AppError,
  ErrorCode,
  type FieldProblem,
} from "@obmen/contracts";
import { currencies, currencyPairs, type Database } from "@obmen/db";
import { formatRateFormula, parseRateFormula, toDecimal } from "@obmen/domain";
import { eq, inArray } from "drizzle-orm";
import type { CatalogueChanges } from "../../catalogue/catalogue-changes.ts";
import { applyPairRates } from "../../rates/apply-pair-rates.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";
import { loadAdminPairs } from "./pair-view.ts";
import { patchColumns } from "./patch-columns.ts";

const COLUMNS = {
  active: "active",
  send_rate: "sendRate",
  receive_rate: "receiveRate",
  send_rate_real: "sendRateReal",
  receive_rate_real: "receiveRateReal",
  comission_amount: "comissionAmount",
  min_send_sum: "minSendSum",
  max_send_sum: "maxSendSum",
  min_receive_sum: "minReceiveSum",
  max_receive_sum: "maxReceiveSum",
  sort_order: "sortOrder",
  rate_source: "rateSource",
  markup_percent: "markupPercent",
  markup_fixed: "markupFixed",
  freshness_seconds: "freshnessSeconds",
  max_jump_percent: "maxJumpPercent",
} as const satisfies Record<
  Exclude<keyof AdminPairPatch, "monitor">,
  keyof typeof currencyPairs.$inferSelect
>;

type PairRow = typeof currencyPairs.$inferSelect;

/**
 * `PATCH /admin/api/pairs/{id}`: on/off, rates, real rates, fee, limits. The pair is locked, the
 * merged pair checked as the database would (rates above zero, one of the two rates 1, each
 * minimum ≤ its maximum) so a bad value is a 422 naming the field, never a 500; the change and
 * its audit row are written together, then every replica's cached pair list and rates export
 * are dropped. Open orders keep the rate they were created at.
 */
export async function updatePair(options: {
  db: Database;
  catalogueChanges: CatalogueChanges;
  id: number;
  patch: AdminPairPatch;
  actor: AuditActor;
}): Promise<AdminPair> {
  const { db, id, patch } = options;
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(currencyPairs)
      .where(eq(currencyPairs.id, id))
      .for("update");
    if (!current) throw new AppError(ErrorCode.NOT_FOUND);
    const { monitor, ...columnPatch } = patch;
    const { set, before } = patchColumns({ columns: COLUMNS, patch: columnPatch, current });
    if (monitor !== undefined) before.monitor = current.monitorPosition === null ? null : "set";
    bindRateSource(set, current, patch);
    followMonitorSettings(set, current, patch);
    const places = await tx
      .select({ id: currencies.id, decimals: currencies.decimals })
      .from(currencies)
      .where(inArray(currencies.id, [current.sendCurrencyId, current.receiveCurrencyId]));
    const decimalsOf = (id: number) => places.find((row) => row.id === id)?.decimals ?? 18;
    checkPair({ ...current, ...set }, patch, {
      send: decimalsOf(current.sendCurrencyId),
      receive: decimalsOf(current.receiveCurrencyId),
    });
    await tx.update(currencyPairs).set(set).where(eq(currencyPairs.id, id));
    // A bound pair takes its rate from the quotes at once; without quotes yet it stays out of
    // service until the refresh brings them (decision 056).
    const [applied] = await applyPairRates({ tx, pairIds: [id] });
    if (applied?.outcome === "bad_markup") {
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        fields: { markup_fixed: { key: "RateAdmin.Errors.NothingLeft" } },
      });
    }
    await writeAudit({
      tx,
      actor: options.actor,
      action: "pair.update",
      targetType: "pair",
      targetId: id,
      before,
      after: patch as Record<string, unknown>,
    });
    const [view] = await loadAdminPairs({ db: tx, id });
    return view!;
  });
  await options.catalogueChanges.publish();
  return updated;
}

export function checkPair(
  pair: Pick<
    PairRow,
    | "sendRate"
    | "receiveRate"
    | "sendRateReal"
    | "receiveRateReal"
    | "minSendSum"
    | "maxSendSum"
    | "minReceiveSum"
    | "maxReceiveSum"
  >,
  patch: Partial<Record<keyof typeof COLUMNS, unknown>>,
  decimals: { send: number; receive: number },
) {
  const fields: Record<string, FieldProblem> = {};
  // Amounts an operator types are in a currency and have at most its places, as the public
  // API reads a customer's amounts; only values this patch sets are checked.
  for (const [wire, side] of [
    ["min_send_sum", "send"],
    ["max_send_sum", "send"],
    ["min_receive_sum", "receive"],
    ["max_receive_sum", "receive"],
    ["comission_amount", "receive"],
  ] as const) {
    const value = patch[wire];
    if (typeof value === "string" && (value.split(".")[1] ?? "").length > decimals[side]) {
      fields[wire] = { key: "Amount.too_many_decimals", values: { count: decimals[side] } };
    }
  }
  for (const [wire, value] of [
    ["send_rate", pair.sendRate],
    ["receive_rate", pair.receiveRate],
    ["send_rate_real", pair.sendRateReal],
    ["receive_rate_real", pair.receiveRateReal],
  ] as const) {
    if (toDecimal(value).lte(0)) fields[wire] = { key: "AdminErrors.MustBePositive" };
  }
  // DESIGN.md "Domain rules": `send_rate` units buy `receive_rate` units, one side is 1.
  if (!toDecimal(pair.sendRate).eq(1) && !toDecimal(pair.receiveRate).eq(1)) {
    fields.send_rate ??= { key: "AdminErrors.OneRateIsOne" };
  }
  for (const [min, max, wire] of [
    [pair.minSendSum, pair.maxSendSum, "min_send_sum"],
    [pair.minReceiveSum, pair.maxReceiveSum, "min_receive_sum"],
  ] as const) {
    if (min !== null && max !== null && toDecimal(min).gt(max)) {
      fields[wire] ??= { key: "AdminErrors.MinAboveMax" };
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, { fields });
}

/** Freshness when a pair is bound without one: ten default refresh intervals. */
const DEFAULT_FRESHNESS_SECONDS = 300;

/**
 * What binding or unbinding changes beyond the columns sent: a new formula is written in its
 * canonical form and starts out of service (fresh until now) until its quotes give a rate;
 * `null` returns the pair to typed rates and forgets the automatic settings.
 */
function bindRateSource(set: Partial<PairRow>, current: PairRow, patch: AdminPairPatch) {
  if (patch.rate_source === null) {
    Object.assign(set, {
      rateSource: null,
      markupPercent: null,
      markupFixed: null,
      freshnessSeconds: null,
      maxJumpPercent: null,
      rateFreshUntil: null,
      heldRealRate: null,
      heldCount: 0,
      monitorFrom: null,
      monitorTo: null,
      monitorPosition: null,
      monitorStep: null,
      monitorMinMargin: null,
      monitorIgnored: null,
      monitorCompetitor: null,
      monitorCompetitorPosition: null,
    });
    return;
  }
  const formula = patch.rate_source ?? current.rateSource;
  if (formula === null) {
    if (
      patch.markup_percent !== undefined ||
      patch.markup_fixed !== undefined ||
      patch.freshness_seconds !== undefined ||
      patch.max_jump_percent !== undefined
    ) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        fields: { rate_source: { key: "RateAdmin.Errors.BadFormula" } },
      });
    }
    return;
  }
  const terms = parseRateFormula(formula);
  if (!terms) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { rate_source: { key: "RateAdmin.Errors.BadFormula" } },
    });
  }
  if (patch.max_jump_percent !== undefined && patch.max_jump_percent !== null) {
    if (toDecimal(patch.max_jump_percent).lte(0)) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, {
        fields: { max_jump_percent: { key: "AdminErrors.MustBePositive" } },
      });
    }
  }
  set.rateSource = formatRateFormula(terms);
  set.markupPercent ??= current.markupPercent ?? "0";
  set.freshnessSeconds ??= current.freshnessSeconds ?? DEFAULT_FRESHNESS_SECONDS;
  if (set.rateSource !== current.rateSource) {
    set.rateFreshUntil = new Date();
    set.heldRealRate = null;
    set.heldCount = 0;
  }
}

/** `monitor` sets or clears the position on the monitor; only on a pair bound to a formula. */
function followMonitorSettings(set: Partial<PairRow>, current: PairRow, patch: AdminPairPatch) {
  const monitor = patch.monitor;
  if (monitor === undefined) return;
  if (monitor !== null && (set.rateSource ?? current.rateSource) === null) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { rate_source: { key: "RateAdmin.Errors.BadFormula" } },
    });
  }
  Object.assign(set, {
    monitorFrom: monitor?.from ?? null,
    monitorTo: monitor?.to ?? null,
    monitorPosition: monitor?.position ?? null,
    monitorStep: monitor?.step ?? null,
    monitorMinMargin: monitor?.min_margin ?? null,
    monitorIgnored: monitor?.ignored ?? null,
    monitorCompetitor: null,
    monitorCompetitorPosition: null,
  });
}
