import { randomUUID } from "node:crypto";
import {
  AppError,
  type CreateExchangeRequest,
  type CreateExchangeResult,
  ErrorCode,
  type Locale,
  pairLimits,
} from "@obmen/contracts";
import { currencies, currencyPairs, type Database, orders, reserveHolds } from "@obmen/db";
import { compareDecimals } from "@obmen/domain";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { PairCache } from "../catalogue/pair-cache.ts";
import { errorMessage } from "../http/messages.ts";
import { type CheckedOrder, checkCreateRequest } from "./check-create-request.ts";
import type { OrderEffects } from "./order-effects.ts";
import { availableReserveOf } from "./reserve.ts";

/**
 * `/rest/exchange/create`: a new order with the rate locked and the payout amount held
 * against the reserve, atomically. The receive currency's row is locked for the hold, so
 * concurrent orders — from any number of processes — can never hold more than the reserve
 * (DESIGN.md invariant 1). The customer e-mail and the expiry job are written in the same
 * transaction: they exist exactly when the order does.
 */
export async function createExchange(options: {
  db: Database;
  pairCache: PairCache;
  effects: OrderEffects;
  payload: z.output<typeof CreateExchangeRequest>;
  lang: Locale;
  clientIp: string;
  lifetimeMs: number;
}): Promise<CreateExchangeResult> {
  const { db, payload, lang } = options;
  if (payload.idempotency_key) {
    const earlier = await findByIdempotencyKey(db, payload.idempotency_key);
    if (earlier) return earlier;
  }
  const pair = (await options.pairCache.get(lang)).byId.get(payload.currency_pairs_in_service_id);
  if (!pair) {
    throw new AppError(ErrorCode.PAIR_INACTIVE, {
      message: errorMessage(ErrorCode.PAIR_INACTIVE, lang),
    });
  }
  const checked = checkCreateRequest({ payload, pair, lang });

  const orderId = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + options.lifetimeMs);
  const receiveCurrencyId = pair.currency_pair.receive_currency.id;

  try {
    await db.transaction(async (tx) => {
      // The pair as it is now (the cache may be a moment old), and the receive currency
      // locked: every order holding this currency's reserve queues here.
      const [current] = await tx
        .select({ pair: currencyPairs, reserve: currencies.reserve })
        .from(currencyPairs)
        .innerJoin(currencies, eq(currencies.id, currencyPairs.receiveCurrencyId))
        .where(
          and(
            eq(currencyPairs.id, pair.id),
            eq(currencyPairs.active, true),
            eq(currencies.active, true),
          ),
        )
        .for("update", { of: currencies });
      if (!current) {
        throw new AppError(ErrorCode.PAIR_INACTIVE, {
          message: errorMessage(ErrorCode.PAIR_INACTIVE, lang),
        });
      }
      assertSameRate(current.pair, pair.rate, lang);
      const available = await availableReserveOf(tx, {
        currencyId: receiveCurrencyId,
        reserve: current.reserve,
        decimals: pair.currency_pair.receive_currency.currency_in_services.decimal,
      });
      assertWithinReserve(checked, pairLimits(pair, available).maxReceive, lang);

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
          sendRate: current.pair.sendRate,
          receiveRate: current.pair.receiveRate,
          comissionAmount: current.pair.comissionAmount,
          sendRateReal: current.pair.sendRateReal,
          receiveRateReal: current.pair.receiveRateReal,
          email: checked.email,
          locale: lang,
          fields: checked.fields,
          clientIp: options.clientIp,
          idempotencyKey: payload.idempotency_key ?? null,
          createdAt: now,
          expiresAt,
        })
        .returning();
      await tx.insert(reserveHolds).values({
        orderId,
        currencyId: receiveCurrencyId,
        amount: checked.receiveAmount,
        state: "held",
      });
      await options.effects.recordChange({
        tx,
        order: order!,
        status: "new",
        actor: "customer",
        at: now,
      });
      await options.effects.scheduleExpiry({ tx, orderId, expiresAt });
    });
  } catch (error) {
    if (payload.idempotency_key && isUniqueViolation(error)) {
      const earlier = await findByIdempotencyKey(db, payload.idempotency_key);
      if (earlier) return earlier;
    }
    throw error;
  }
  await options.effects.afterCommit({ reserveChanged: true });
  return { exchange_uuid: orderId, exchange_status: "new" };
}

function assertSameRate(
  current: typeof currencyPairs.$inferSelect,
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

function assertWithinReserve(checked: CheckedOrder, maxReceive: string, lang: Locale) {
  if (compareDecimals(checked.receiveAmount, maxReceive) > 0) {
    throw new AppError(ErrorCode.INSUFFICIENT_RESERVE, {
      message: errorMessage(ErrorCode.INSUFFICIENT_RESERVE, lang),
      details: { max_receive_sum: maxReceive },
    });
  }
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

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}
