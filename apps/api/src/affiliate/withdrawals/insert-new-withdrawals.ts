import { type Database, queryPrepared } from "@obmen/db";
import { batchedCallStatements } from "../../batching/batched-call-statement.ts";

/** A withdrawal request as `create_withdrawal` takes it (packages/db/sql/functions/create_withdrawal.sql). */
export interface NewWithdrawal {
  partnerId: string;
  currencyId: number;
  /** The programme currency's code (AFFILIATE_CURRENCY). */
  currency: string;
  /** A plain decimal, checked against the minimum and the places. */
  amount: string;
  fields: { key: string; value: string }[];
}

/** What `create_withdrawal` answers for one request. */
export type NewWithdrawalOutcome =
  | { outcome: "created"; id: number; amount: string; created_at: string }
  | { outcome: "insufficient"; available: string };

/**
 * Writes withdrawal requests in ONE statement, one `create_withdrawal` call per request, in
 * autocommit: one round trip and one commit for all of them, as new orders are written
 * (docs/decisions/012-order-create-single-call.md, 041-withdrawal-create-batched.md).
 * Outcomes come back in the order given; a refusal (`insufficient`) is one request's outcome,
 * never the others'.
 *
 * The calls run left to right, sorted by partner: each locks its partner's row until the
 * commit, so every batch, from any process, takes those locks in the same order and two batches
 * cannot deadlock over them. Two requests of one partner in a batch are checked one after the
 * other: the second call's sum sees the first call's hold (a volatile function's statements see
 * their own transaction's earlier writes).
 */
export async function insertNewWithdrawals(options: {
  db: Database;
  withdrawals: readonly NewWithdrawal[];
}): Promise<NewWithdrawalOutcome[]> {
  const byPartner = options.withdrawals
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compare(a.item.partnerId, b.item.partnerId) || a.index - b.index);
  const [row] = await queryPrepared<Record<string, NewWithdrawalOutcome>>(
    options.db,
    newWithdrawalsStatement(byPartner.map(({ item }) => item)),
  );
  const outcomes: NewWithdrawalOutcome[] = new Array(options.withdrawals.length);
  for (const [position, { index }] of byPartner.entries()) {
    outcomes[index] = row![`w${position}`]!;
  }
  return outcomes;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The statement for these requests, called in the order given (result columns `w0`, `w1`, …):
 * what insertNewWithdrawals sends, and what a test sends on a connection of its own to hold
 * a partner's lock.
 */
export function newWithdrawalsStatement(items: readonly NewWithdrawal[]) {
  return { ...statementFor(items.length), values: items.flatMap(argumentsOf) };
}

/** `create_withdrawal`'s parameters, in its order, with their types. */
const PARAMETER_TYPES = ["uuid", "integer", "text", "numeric", "jsonb"];

function argumentsOf(item: NewWithdrawal): unknown[] {
  return [item.partnerId, item.currencyId, item.currency, item.amount, JSON.stringify(item.fields)];
}

const statementFor = batchedCallStatements("create_withdrawal", "w", PARAMETER_TYPES);
