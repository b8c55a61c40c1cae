import { describe, expect, it } from "vitest";
import {
  JUST_CREATED_KEY,
  JUST_CREATED_MAX_MS,
  type JustCreated,
  type KeptField,
  type KeptStorage,
  keepJustCreated,
  matchJustCreated,
  readJustCreated,
  type ShownOrder,
} from "./just-created.ts";

const CARD = "5555 5555 5555 4444";
const NAME = "Ivan Petrov";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ORDER_ID = "6f1c2a9e-0a4b-4c1d-9e7f-3b2a1c0d9e8f";
const SUBMITTED_AT = Date.parse("2026-11-25T12:00:00Z");
const MINUTE = 60_000;

const typed: KeptField[] = [
  { key: "send_card", type: "card_number", value: CARD },
  { key: "send_name", type: "full_name", value: NAME },
  { key: "receive_address", type: "crypto_address", value: TRON },
];

/** The order as its page gets it: masked by the API (decision 023). */
function order(patch: Partial<ShownOrder> = {}): ShownOrder {
  return {
    id: ORDER_ID,
    fields: [
      { key: "send_card", value: "•••• 4444" },
      { key: "send_name", value: "I•••• P••••" },
      { key: "receive_address", value: TRON },
    ],
    createdAt: "2026-11-25T12:00:01Z",
    expiresAt: "2026-11-25T13:00:01Z",
    finished: false,
    ...patch,
  };
}

function entry(patch: Partial<JustCreated> = {}): JustCreated {
  return {
    at: SUBMITTED_AT,
    orderId: null,
    fields: typed.slice(0, 2),
    ...patch,
  };
}

function memoryStorage(): KeptStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe("keepJustCreated", () => {
  it("keeps only the values the order page will mask, with the time", () => {
    const storage = memoryStorage();
    keepJustCreated({ storage, fields: typed, now: SUBMITTED_AT });
    expect(readJustCreated(storage)).toEqual({
      at: SUBMITTED_AT,
      orderId: null,
      fields: typed.slice(0, 2),
    });
    expect(storage.items.get(JUST_CREATED_KEY)).not.toContain(TRON);
  });

  it("keeps a card number typed into a free-text field, as the page masks it too", () => {
    const storage = memoryStorage();
    const account = { key: "send_account", type: "text", value: CARD } as const;
    keepJustCreated({ storage, fields: [account], now: SUBMITTED_AT });
    expect(readJustCreated(storage)?.fields).toEqual([account]);
  });

  it("replaces an older order's entry, and removes it when nothing will be masked", () => {
    const storage = memoryStorage();
    keepJustCreated({ storage, fields: typed, now: SUBMITTED_AT });
    keepJustCreated({ storage, fields: [typed[2]!], now: SUBMITTED_AT + MINUTE });
    expect(storage.items.has(JUST_CREATED_KEY)).toBe(false);
  });

  it("does nothing without storage, or with storage that refuses", () => {
    expect(() => keepJustCreated({ storage: null, fields: typed, now: 1 })).not.toThrow();
    const full: KeptStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(() => keepJustCreated({ storage: full, fields: typed, now: 1 })).not.toThrow();
  });
});

describe("readJustCreated", () => {
  it.each([
    ["no entry", undefined],
    ["not JSON", "{"],
    ["not an object", "42"],
    ["no time", JSON.stringify({ orderId: null, fields: [] })],
    ["a bound order that is not a string", JSON.stringify({ at: 1, orderId: 7, fields: [] })],
    ["fields that are not fields", JSON.stringify({ at: 1, orderId: null, fields: [{ key: 1 }] })],
  ])("reads %s as no entry", (_, text) => {
    const storage = memoryStorage();
    if (text !== undefined) storage.setItem(JUST_CREATED_KEY, text);
    expect(readJustCreated(storage)).toBeNull();
  });
});

describe("matchJustCreated", () => {
  const now = SUBMITTED_AT + 2 * MINUTE;

  it("shows the kept values when every masked value on the page is theirs", () => {
    const verdict = matchJustCreated({ entry: entry(), order: order(), now });
    expect(verdict).toEqual({
      kind: "show",
      values: { send_card: CARD, send_name: NAME },
      entry: { ...entry(), orderId: ORDER_ID },
      forMs: JUST_CREATED_MAX_MS - 2 * MINUTE,
    });
  });

  it("shows them again on the order it was bound to", () => {
    const verdict = matchJustCreated({ entry: entry({ orderId: ORDER_ID }), order: order(), now });
    expect(verdict.kind).toBe("show");
  });

  it("shows nothing on another order's page, and leaves the entry to its own order", () => {
    const bound = entry({ orderId: "00000000-0000-4000-8000-000000000000" });
    expect(matchJustCreated({ entry: bound, order: order(), now })).toEqual({ kind: "none" });
  });

  it("shows nothing when a masked value is not the mask of the kept one", () => {
    const otherCard = order({
      fields: [
        { key: "send_card", value: "•••• 1111" },
        { key: "send_name", value: "I•••• P••••" },
      ],
    });
    expect(matchJustCreated({ entry: entry(), order: otherCard, now })).toEqual({ kind: "none" });
  });

  it("shows nothing when the page masks a value this tab did not keep", () => {
    const onlyCard = entry({ fields: typed.slice(0, 1) });
    expect(matchJustCreated({ entry: onlyCard, order: order(), now })).toEqual({ kind: "none" });
  });

  it("shows nothing when a kept value has no field on the page", () => {
    const extra = entry({
      fields: [...typed.slice(0, 2), { key: "receive_card", type: "card_number", value: CARD }],
    });
    expect(matchJustCreated({ entry: extra, order: order(), now })).toEqual({ kind: "none" });
  });

  it("shows nothing without an entry, or when the page masks nothing", () => {
    expect(matchJustCreated({ entry: null, order: order(), now })).toEqual({ kind: "none" });
    const plain = order({ fields: [{ key: "receive_address", value: TRON }] });
    const empty = entry({ fields: [] });
    expect(matchJustCreated({ entry: empty, order: plain, now })).toEqual({ kind: "none" });
  });

  it("drops the entry 30 minutes after the submit, however long the order lives", () => {
    const at = (ms: number) => matchJustCreated({ entry: entry(), order: order(), now: ms }).kind;
    expect(at(SUBMITTED_AT + JUST_CREATED_MAX_MS - 1)).toBe("show");
    expect(at(SUBMITTED_AT + JUST_CREATED_MAX_MS)).toBe("drop");
  });

  it("drops it sooner when the order's lifetime is shorter", () => {
    const short = order({ expiresAt: "2026-11-25T12:10:01Z" });
    const at = (ms: number) => matchJustCreated({ entry: entry(), order: short, now: ms });
    expect(at(SUBMITTED_AT + 5 * MINUTE)).toMatchObject({ kind: "show", forMs: 5 * MINUTE });
    expect(at(SUBMITTED_AT + 10 * MINUTE).kind).toBe("drop");
  });

  it("drops an entry whose age cannot be known (the clock went back) or whose order has no lifetime", () => {
    expect(matchJustCreated({ entry: entry(), order: order(), now: SUBMITTED_AT - 1 }).kind).toBe(
      "drop",
    );
    const broken = order({ expiresAt: "not a date" });
    expect(matchJustCreated({ entry: entry(), order: broken, now }).kind).toBe("drop");
  });

  it("drops the entry once its order is finished, but not another order's", () => {
    const finished = order({ finished: true });
    expect(matchJustCreated({ entry: entry(), order: finished, now })).toEqual({ kind: "drop" });
    const other = entry({ orderId: "00000000-0000-4000-8000-000000000000" });
    expect(matchJustCreated({ entry: other, order: finished, now })).toEqual({ kind: "none" });
  });
});
