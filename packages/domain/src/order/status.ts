/**
 * Order lifecycle (DESIGN.md "Domain rules": statuses are ours, the spec lists none, §4).
 * Main path: new → (customer) paid → (operator) processing → completed.
 * Side exits: cancelled, expired, hold (verification/AML), error, refunded.
 */
export const ORDER_STATUSES = [
  "new",
  "paid",
  "processing",
  "completed",
  "cancelled",
  "expired",
  "hold",
  "error",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The only statuses a customer sets (DESIGN.md "Orders"): "I paid" and "cancel", from `new`. */
export const CUSTOMER_STATUSES = ["paid", "cancelled"] as const satisfies readonly OrderStatus[];
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export function isCustomerStatus(status: OrderStatus): status is CustomerStatus {
  return (CUSTOMER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Who causes a change; every change is recorded as an event with its actor and time. */
export const ACTOR_KINDS = ["customer", "operator", "system"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** What a transition does to the order's reserve hold (DESIGN.md invariant 1). */
export type ReserveHoldEffect = "keep" | "release" | "consume";

type TransitionTable = Readonly<
  Record<ActorKind, Readonly<Partial<Record<OrderStatus, readonly OrderStatus[]>>>>
>;

/**
 * Who may move an order from which status to which. Decisions beyond DESIGN.md:
 * - operator new → processing / hold / cancelled: the payment can arrive before the customer
 *   presses "paid", and a customer may ask support to cancel;
 * - operator paid → cancelled: "paid" is only the customer's claim; when no money arrived
 *   the order is cancelled (nothing to refund) and the reserve released;
 * - error is recoverable (processing again after a failed payout) or ends in refunded or
 *   cancelled (no payment found), so it keeps the reserve until then;
 * - the system expires unpaid orders whose locked rate ran out, and marks `paid` an order whose
 *   payment the chain watcher saw confirmed in full (issue 28); it never moves an order the
 *   customer says is paid — an operator must look at those;
 * - system new → hold: risk (a blacklist hit, a blocked customer, an AML score) holds a new
 *   order in its create transaction instead of refusing it (issue 29, decision 062);
 * - operator completed → refunded: the one way back from a finished order, for a chargeback
 *   or a customer who returned the payout (docs/decisions/039-refund-after-completion.md).
 *   The console lets only an `admin` make it and requires the reason; the partner's reward is
 *   reversed and no reserve moves (`reserveHoldEffect`).
 * completed, cancelled, expired and refunded are terminal: the order's course is over, so the
 * customer's page stops offering payment and polling; only that refund leaves one.
 */
const TRANSITIONS: TransitionTable = {
  customer: {
    new: CUSTOMER_STATUSES,
  },
  operator: {
    new: ["processing", "hold", "cancelled"],
    paid: ["processing", "hold", "error", "cancelled", "refunded"],
    processing: ["completed", "hold", "error", "refunded"],
    hold: ["processing", "error", "refunded"],
    error: ["processing", "refunded", "cancelled"],
    completed: ["refunded"],
  },
  system: {
    new: ["expired", "paid", "hold"],
  },
};

const TERMINAL: ReadonlySet<OrderStatus> = new Set([
  "completed",
  "cancelled",
  "expired",
  "refunded",
]);

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The order's course is over (the customer's page stops polling and offering payment). No
 * transition leaves a terminal status except an operator's refund after completion.
 */
export function isTerminal(status: OrderStatus): boolean {
  return TERMINAL.has(status);
}

/** Whether `actor` may move an order from `from` to `to` (spec §7 `/rest/exchange/update`). */
export function canTransition(options: {
  from: OrderStatus;
  to: OrderStatus;
  actor: ActorKind;
}): boolean {
  return TRANSITIONS[options.actor][options.from]?.includes(options.to) ?? false;
}

/** The statuses `actor` may choose next, e.g. for the operator's action buttons. */
export function nextStatuses(options: { from: OrderStatus; actor: ActorKind }): OrderStatus[] {
  return [...(TRANSITIONS[options.actor][options.from] ?? [])];
}

/**
 * The hold taken at creation is consumed when the payout completes and released when the
 * order ends without one (cancelled, expired, refunded); every other status keeps it, so a
 * reserve can never be promised twice while an operator decides (DESIGN.md "Orders").
 * A refund after completion moves nothing: the completion consumed the hold, and whether the
 * payout came back is the operator's to enter by hand on the reserve (decision 039).
 */
export function reserveHoldEffect(options: {
  from?: OrderStatus;
  to: OrderStatus;
}): ReserveHoldEffect {
  if (options.from === "completed") return "keep";
  switch (options.to) {
    case "completed":
      return "consume";
    case "cancelled":
    case "expired":
    case "refunded":
      return "release";
    default:
      return "keep";
  }
}
