import { describe, expect, it } from "vitest";
import {
  ACTOR_KINDS,
  type ActorKind,
  canTransition,
  isOrderStatus,
  isTerminal,
  nextStatuses,
  ORDER_STATUSES,
  type OrderStatus,
  reserveHoldEffect,
} from "../src/index.ts";

/** The full allowed set, written out independently of the implementation's table. */
const ALLOWED: ReadonlyArray<[ActorKind, OrderStatus, OrderStatus]> = [
  ["customer", "new", "paid"],
  ["customer", "new", "cancelled"],
  ["operator", "new", "processing"],
  ["operator", "new", "hold"],
  ["operator", "new", "cancelled"],
  ["operator", "paid", "processing"],
  ["operator", "paid", "hold"],
  ["operator", "paid", "error"],
  ["operator", "paid", "cancelled"],
  ["operator", "paid", "refunded"],
  ["operator", "processing", "completed"],
  ["operator", "processing", "hold"],
  ["operator", "processing", "error"],
  ["operator", "processing", "refunded"],
  ["operator", "hold", "processing"],
  ["operator", "hold", "error"],
  ["operator", "hold", "refunded"],
  ["operator", "error", "processing"],
  ["operator", "error", "refunded"],
  ["operator", "error", "cancelled"],
  ["operator", "completed", "refunded"],
  ["system", "new", "expired"],
  ["system", "new", "paid"],
  ["system", "new", "hold"],
];

describe("order status transitions", () => {
  const key = (actor: string, from: string, to: string) => `${actor}:${from}→${to}`;
  const allowed = new Set(ALLOWED.map(([actor, from, to]) => key(actor, from, to)));

  it("allows exactly the table, for every actor × from × to", () => {
    for (const actor of ACTOR_KINDS) {
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          expect(canTransition({ from, to, actor }), key(actor, from, to)).toBe(
            allowed.has(key(actor, from, to)),
          );
        }
      }
    }
  });

  it("customers may only pay or cancel a new order (DESIGN.md)", () => {
    for (const from of ORDER_STATUSES) {
      const next = nextStatuses({ from, actor: "customer" });
      expect(next).toEqual(from === "new" ? ["paid", "cancelled"] : []);
    }
  });

  it("only an operator's refund leaves a terminal status, and every other status has a way out", () => {
    for (const from of ORDER_STATUSES) {
      const exits = ACTOR_KINDS.flatMap((actor) => nextStatuses({ from, actor }));
      if (from === "completed") expect(exits, from).toEqual(["refunded"]);
      else expect(exits.length === 0, from).toBe(isTerminal(from));
    }
    const leavingTerminal = ALLOWED.filter(([, from]) => isTerminal(from));
    expect(leavingTerminal).toEqual([["operator", "completed", "refunded"]]);
    expect(ORDER_STATUSES.filter(isTerminal)).toEqual([
      "completed",
      "cancelled",
      "expired",
      "refunded",
    ]);
  });

  it("a customer never refunds, nor moves a completed order (decision 039)", () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition({ from: "completed", to, actor: "customer" }), to).toBe(false);
      expect(canTransition({ from: "completed", to, actor: "system" }), to).toBe(false);
    }
    for (const from of ORDER_STATUSES) {
      expect(canTransition({ from, to: "refunded", actor: "customer" }), from).toBe(false);
    }
  });

  it("the system expires unpaid orders, marks paid what the chain confirmed, holds what risk flagged", () => {
    const systemMoves = ALLOWED.filter(([actor]) => actor === "system");
    expect(systemMoves).toEqual([
      ["system", "new", "expired"],
      ["system", "new", "paid"],
      ["system", "new", "hold"],
    ]);
  });

  it("nextStatuses returns a copy that cannot corrupt the table", () => {
    nextStatuses({ from: "new", actor: "customer" }).push("completed");
    expect(canTransition({ from: "new", to: "completed", actor: "customer" })).toBe(false);
  });

  it("recognises status strings", () => {
    expect(isOrderStatus("paid")).toBe(true);
    expect(isOrderStatus("PAID")).toBe(false);
    expect(isOrderStatus("toString")).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
  });
});

describe("reserve hold effect", () => {
  it.each([
    ["completed", "consume"],
    ["cancelled", "release"],
    ["expired", "release"],
    ["refunded", "release"],
    ["new", "keep"],
    ["paid", "keep"],
    ["processing", "keep"],
    ["hold", "keep"],
    ["error", "keep"],
  ] as const)("→ %s: %s", (to, effect) => {
    expect(reserveHoldEffect({ to })).toBe(effect);
  });

  it("a refund after completion moves no reserve: the completion consumed the hold", () => {
    expect(reserveHoldEffect({ from: "completed", to: "refunded" })).toBe("keep");
    for (const from of ["paid", "processing", "hold", "error"] as const) {
      expect(reserveHoldEffect({ from, to: "refunded" }), from).toBe("release");
    }
  });

  it("every terminal status settles the hold, no other status does", () => {
    for (const status of ORDER_STATUSES) {
      expect(reserveHoldEffect({ to: status }) !== "keep").toBe(isTerminal(status));
    }
  });
});
