import { randomUUID } from "node:crypto";
import {
  AppError,
  type CreateOrderRequest,
  type CreateOrderResult,
  type CurrencyPairEntry,
  ErrorCode,
  type Locale,
  type PairRate,
  pairLimits,
} from "@obmen/contracts";
import { type Database, orders } from "@obmen/db";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { referralCode } from "../../affiliate/attribution/record-order-referral.ts";
import { availableReserve } from "../../catalogue/available-reserve.ts";
import { holdRiskyOrder } from "../../risk/hold-risky-order.ts";
import type { OrderRisk } from "../../risk/order-risk.ts";
import type { OrderEffects } from "../effects/order-effects.ts";
import { paymentInstructions, type SendCurrency } from "../info/payment-instructions.ts";
import { checkCreateRequest } from "./check-create-request.ts";
import { mailDisplayOf } from "./mail-display-of.ts";
import type { NewOrderQueue } from "./new-order-queue.ts";
import type { QuotedPairs } from "./quoted-pairs.ts";

/**
 * Where customers pay each send currency, as the database last confirmed it. Only a guess for
 * rendering the e-mail: the create checks it against the database (insert-new-orders.ts).
 */
export type PayToBySendCurrency = Map<number, SendCurrency>;

type CreateOptions = {
  db: Database;
  /** Where new orders are written, batched with those arriving at the same time. */
  newOrders: NewOrderQueue;
  /** The pair entries forms are checked against (quoted-pairs.ts). */
  pairs: QuotedPairs;
  effects: OrderEffects;
  payTo: PayToBySendCurrency;
  payload: z.output<typeof CreateOrderRequest>;
  lang: Locale;
  clientIp: string;
  lifetimeMs: number;
  /** Why the order should be held instead of created `new` (decision 062). */
  risk: OrderRisk;
};

/**
 * `/rest/exchange/create`: a new order with the rate locked and the payout amount held
 * against the reserve, atomically. The hold is taken under the receive currency's row lock, so
 * concurrent orders — from any number of processes — can never hold more than the reserve
 * (DESIGN.md invariant 1). The `new` event and the customer e-mail are written in the same
 * transaction; expiry needs no job per order (order-jobs.ts).
 *
 * Everything that needs no database happens here first (the checks, the e-mail); the writes
 * are one database call, shared with the orders arriving at the same moment
 * (new-order-queue.ts, docs/decisions/012-order-create-single-call.md).
 *
 * A retried create (same idempotency key) answers with the order the first attempt made, even
 * if the rate or the reserve moved since, or the form no longer passes.
 */
export async function createOrder(options: CreateOptions): Promise<CreateOrderResult> {
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

async function createNewOrder(options: CreateOptions): Promise<CreateOrderResult> {
  const { payload, lang } = options;
  const { pair, checked } = await checkForm(options);
  const display = mailDisplayOf(pair);

  const createdAt = new Date();
  // The row as the database will hold it: its rate is the quote the amounts were computed
  // from, which the database compares with the pair's rate now.
  const order: typeof orders.$inferSelect = {
    id: randomUUID(),
    pairId: pair.id,
    sendCurrencyId: pair.currency_pair.send_currency.id,
    receiveCurrencyId: pair.currency_pair.receive_currency.id,
    status: "new",
    sendAmount: checked.sendAmount,
    receiveAmount: checked.receiveAmount,
    sendRate: pair.rate.send_rate,
    receiveRate: pair.rate.receive_rate,
    comissionAmount: pair.rate.comission_amount,
    sendRateReal: pair.rate.send_rate_real,
    receiveRateReal: pair.rate.receive_rate_real,
    email: checked.email,
    locale: lang,
    fields: checked.fields,
    userId: null,
    referrerId: null,
    clientIp: options.clientIp,
    idempotencyKey: payload.idempotency_key ?? null,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + options.lifetimeMs),
    updatedAt: createdAt,
  };

  // Recorded by create_order in the order's transaction; an unknown or own rid attributes
  // nothing and never fails the create (decision 029).
  const rid = referralCode(payload.rid);
  const riskFlags = await options.risk.assess({
    email: order.email,
    fields: order.fields.map((field) => ({
      ...field,
      type: pair.fields.find((definition) => definition.key === field.key)?.type ?? null,
    })),
    clientIp: options.clientIp,
  });
  let payTo = options.payTo.get(order.sendCurrencyId) ?? null;
  // Twice at most: a first order for a send currency, or one whose payment details were just
  // edited, learns them from the first answer.
  for (let attempt = 0; attempt < 2; attempt++) {
    const mail =
      payTo &&
      options.effects.createdMail({
        order,
        display,
        paymentInstructions: paymentInstructions({
          // `payTo` is language-free (create_order.sql compares it); the name is the reader's.
          currency: { ...payTo, paySystemName: display.sendCurrency.name },
          amount: order.sendAmount,
          decimals: display.sendCurrency.decimals,
          lang,
        }),
      });
    const item = { order, payTo, mail, rid };
    // Risk holds, never refuses: a flagged order is created and held in one transaction.
    const result =
      riskFlags.length === 0
        ? await options.newOrders.insert(item)
        : await holdRiskyOrder({
            db: options.db,
            effects: options.effects,
            item,
            flags: riskFlags,
          });
    switch (result.outcome) {
      case "created":
        await options.effects.afterCommit({ reserveChanged: true });
        return { exchange_uuid: order.id, exchange_status: riskFlags.length ? "hold" : "new" };
      case "duplicate":
        return { exchange_uuid: result.orderId, exchange_status: result.status };
      case "pay_to_changed":
        payTo = result.payTo;
        options.payTo.set(order.sendCurrencyId, payTo);
        continue;
      case "rate_changed":
        throw rateChanged(result.rate);
      case "pair_inactive":
        throw pairInactive();
      case "above_reserve":
        throw aboveReserve({ pair, payload, reserve: result.reserve, held: result.held });
    }
  }
  throw new Error(`the payment details of currency ${order.sendCurrencyId} keep changing`);
}

/**
 * The form checked against the pair as last built (quoted-pairs.ts). A refusal is confirmed
 * against the current pair list before it is sent, so it is never a stale entry's.
 */
async function checkForm(options: CreateOptions) {
  const { payload, lang } = options;
  const query = { lang, pairId: payload.currency_pairs_in_service_id };
  const latest = await options.pairs.latest(query);
  if (latest) {
    try {
      return { pair: latest, checked: checkCreateRequest({ payload, pair: latest }) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  const pair = await options.pairs.current(query);
  if (!pair) throw pairInactive();
  return { pair, checked: checkCreateRequest({ payload, pair }) };
}

function pairInactive(): AppError {
  return new AppError(ErrorCode.PAIR_INACTIVE);
}

/** The operator changed the rate between the cached read and now: quote again. */
function rateChanged(rate: PairRate): AppError {
  return new AppError(ErrorCode.RATE_CHANGED, {
    details: {
      rate: {
        send_rate: rate.send_rate,
        receive_rate: rate.receive_rate,
        send_rate_real: rate.send_rate_real,
        receive_rate_real: rate.receive_rate_real,
        comission_amount: rate.comission_amount,
      },
    },
  });
}

/**
 * The hold did not fit under the lock: refuse as the form check does when it knows the
 * reserve (the field's message, max_send_sum, max_receive_sum), by checking the form again
 * with the available reserve the database saw.
 */
function aboveReserve(options: {
  pair: CurrencyPairEntry;
  payload: CreateOptions["payload"];
  reserve: string;
  held: string;
}): AppError {
  const { pair } = options;
  const receive = pair.currency_pair.receive_currency;
  const available = availableReserve(
    options.reserve,
    options.held,
    receive.currency_in_services.decimal,
  );
  const asSeen: CurrencyPairEntry = {
    ...pair,
    currency_pair: {
      ...pair.currency_pair,
      receive_currency: {
        ...receive,
        currency_in_services: {
          ...receive.currency_in_services,
          reserve: { ...receive.currency_in_services.reserve, reserve: available },
        },
      },
    },
  };
  try {
    checkCreateRequest({ payload: options.payload, pair: asSeen });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  // Reached only if rounding let the form pass: the reserve still decides.
  return new AppError(ErrorCode.INSUFFICIENT_RESERVE, {
    details: { max_receive_sum: pairLimits(pair, available).maxReceive },
  });
}

async function findByIdempotencyKey(db: Database, key: string): Promise<CreateOrderResult | null> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row ? { exchange_uuid: row.id, exchange_status: row.status } : null;
}
