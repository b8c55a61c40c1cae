import type { OrderStatus } from "@obmen/contracts";
import type { OperatorRoleName } from "@obmen/db";
import { nextStatuses } from "@obmen/domain";

/**
 * Moves the state machine gives operators that only an `admin` may make: a refund after
 * completion undoes a finished deal (a chargeback, a payout the customer sent back) and takes
 * the partner's reward back, so a desk operator cannot make it alone (decision 039). The route
 * admits the whole desk; this is the finer rule, checked where the move is made and used for
 * the moves the order screen offers.
 */
const ADMIN_ONLY: ReadonlyArray<readonly [from: OrderStatus, to: OrderStatus]> = [
  ["completed", "refunded"],
];

export function isAdminOnlyMove(options: { from: OrderStatus; to: OrderStatus }): boolean {
  return ADMIN_ONLY.some(([from, to]) => from === options.from && to === options.to);
}

/** The statuses this operator may choose for an order in `from`. */
export function operatorNextStatuses(options: {
  from: OrderStatus;
  role: OperatorRoleName;
}): OrderStatus[] {
  return nextStatuses({ from: options.from, actor: "operator" }).filter(
    (to) => options.role === "admin" || !isAdminOnlyMove({ from: options.from, to }),
  );
}
