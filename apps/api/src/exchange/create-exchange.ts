import { randomUUID } from "node:crypto";
import {
  AppError,
  type CreateExchangeRequest,
  type CreateExchangeResult,
  type CurrencyPairEntry,
  ErrorCode,
  type Locale,
  pairLimits,
} from "@obmen/contracts";
import { type Database, orders, type Transaction } from "@obmen/db";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { PairCache } from "../catalogue/pair-cache.ts";
import { errorMessage } from "../http/messages.ts";
import { checkCreateRequest } from "./check-create-request.ts";
import { type CurrentPair, loadCurrentPair } from "./load-current-pair.ts";
import { mailDisplayOf } from "./mail-display-of.ts";
import type { OrderEffects } from "./order-effects.ts";
import { paymentInstructions } from "./payment-instructions.ts";
import { availableReserveOf, holdIfAvailable, lockReserve } from "./reserve.ts";

type CreateOptions = {
  db: Database;
  pairCache: PairCache;
  effects: OrderEffects;
  payload: z.output<typeof CreateExchangeRequest>;
  lang: Locale;
  clientIp: string;
  lifetimeMs: number;
};

/**
 * `/rest/exchange/create`: a new order with the rate locked and the payout amount held
 * against the reserve, atomically. The receive currency's row is locked for the hold, so
 * concurrent orders — from any number of processes — can never hold more than the reserve
 * (DESIGN.md invariant 1). The customer e-mail and the expiry job are written in the same
 * transaction: they exist exactly when the order does.
 *
 * A retried create (same idempotency key) answers with the order the first attempt made, even
 * if the rate or the reserve moved since. The key is looked up only when an attempt fails
 * (the key's unique index fails the duplicate's insert), so a first attempt costs no lookup.
 */
export async function createExchange(options: CreateOptions): Promise<CreateExchangeResult> {
  try {
    return await createNewOrder(options);
  } catch (error) {
    const key = options.payload.idempotency_key;
    if (key) {
      const earlier = await findByIdempotencyKey(options.db, key);
      if (earlier) return earlier;
    }
    throw error;
  }
}

/**
 * Orders for one receive currency queue on its row lock, so throughput is one over the time
 * the lock is held. Everything that does not depend on the reserve therefore happens first:
 * the rate check, the order, its event, its e-mail and its expiry job. The lock is taken last,
 * and under it only the reserve is checked and the hold written before the commit.
 */
async function createNewOrder(options: CreateOptions): Promise<CreateExchangeResult> {
  const { db, payload, lang } = options;
  const pair = (await options.pairCache.get(lang)).byId.get(payload.currency_pairs_in_service_id);
  if (!pair) throw pairInactive(lang);
  const checked = checkCreateRequest({ payload, pair, lang });
  const display = mailDisplayOf(pair);

  const orderId = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + options.lifetimeMs);
  const receiveCurrencyId = pair.currency_pair.receive_currency.id;

  await db.transaction(async (tx) => {
    // The pair as it is now (the cache may be a moment old) and where the customer pays.
    const current = await loadCurrentPair(tx, pair.id);
    if (!current) throw pairInactive(lang);
    assertSameRate(current, pair.rate, lang);

    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        pairId: pair.id,
        sendCurrencyId: pair.currency_pair.send_currency.id,
        receiveCurrencyId,
        status: "new",
        sendAmount: checked.sendAmount,
        receiveAmount: checked.receiveAmount,
        sendRate: current.sendRate,
        receiveRate: current.receiveRate,
        comissionAmount: current.comissionAmount,
        sendRateReal: current.sendRateReal,
        receiveRateReal: current.receiveRateReal,
        email: checked.email,
        locale: lang,
        fields: checked.fields,
        clientIp: options.clientIp,
        idempotencyKey: payload.idempotency_key ?? null,
        createdAt: now,
        expiresAt,
      })
      .returning();
    await options.effects.recordChange({
      tx,
      order: order!,
      status: "new",
      actor: "customer",
      at: now,
      mail: {
        display,
        paymentInstructions: paymentInstructions({
          currency: current.payTo,
          amount: order!.sendAmount,
          lang,
        }),
      },
    });
    await options.effects.scheduleExpiry({ tx, orderId, expiresAt });

    // From here to the commit, every other order for this currency waits.
    const reserve = await lockReserve(tx, receiveCurrencyId);
    if (reserve === null) throw pairInactive(lang);
    const held = await holdIfAvailable(tx, {
      orderId,
      currencyId: receiveCurrencyId,
      amount: checked.receiveAmount,
      reserve,
    });
    if (!held) await refuseAboveReserve(tx, { pair, reserve, lang });
  });
  await options.effects.afterCommit({ reserveChanged: true });
  return { exchange_uuid: orderId, exchange_status: "new" };
}

function pairInactive(lang: Locale): AppError {
  return new AppError(ErrorCode.PAIR_INACTIVE, {
    message: errorMessage(ErrorCode.PAIR_INACTIVE, lang),
  });
}

function assertSameRate(
  current: CurrentPair,
  cached: { send_rate: string; receive_rate: string; comission_amount: string },
  lang: Locale,
) {
  const same =
    current.sendRate === cached.send_rate &&
    current.receiveRate === cached.receive_rate &&
    current.comissionAmount === cached.comission_amount;
  if (!same) {
    // The operator changed the rate between the cached read and now: quote again.
    throw new AppError(ErrorCode.RATE_CHANGED, {
      message: errorMessage(ErrorCode.RATE_CHANGED, lang),
      details: {
        rate: {
          send_rate: current.sendRate,
          receive_rate: current.receiveRate,
          send_rate_real: current.sendRateReal,
          receive_rate_real: current.receiveRateReal,
          comission_amount: current.comissionAmount,
        },
      },
    });
  }
}

/** The hold did not fit: say how much does, as the calculator would (the rare path). */
async function refuseAboveReserve(
  tx: Transaction,
  options: { pair: CurrencyPairEntry; reserve: string; lang: Locale },
): Promise<never> {
  const { pair } = options;
  const available = await availableReserveOf(tx, {
    currencyId: pair.currency_pair.receive_currency.id,
    reserve: options.reserve,
    decimals: pair.currency_pair.receive_currency.currency_in_services.decimal,
  });
  throw new AppError(ErrorCode.INSUFFICIENT_RESERVE, {
    message: errorMessage(ErrorCode.INSUFFICIENT_RESERVE, options.lang),
    details: { max_receive_sum: pairLimits(pair, available).maxReceive },
  });
}

async function findByIdempotencyKey(
  db: Database,
  key: string,
): Promise<CreateExchangeResult | null> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row ? { exchange_uuid: row.id, exchange_status: row.status } : null;
}
