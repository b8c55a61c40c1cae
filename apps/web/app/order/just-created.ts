import { maskFieldValue, type OrderFieldType } from "@obmen/domain";

/*
 * "Show" for the customer who just created the order (issue 15 point 5; decision 023,
 * "Revised"). The order page masks card numbers and names for everyone who holds the link.
 * The only copy of the full values that the creator can see again is the one their own tab
 * kept when the calculator's form was submitted: in `sessionStorage` (this tab only, gone with
 * the tab), never in a cookie and never on the server. These functions are that copy's rules,
 * pure over the storage and the clock they are given, so they are tested without a browser.
 */

/** The tab's one "just created" entry: a new submit replaces the previous one. */
export const JUST_CREATED_KEY = "obmen:just-created";
/** However long an order lives, its creator's tab keeps the full values 30 minutes at most. */
export const JUST_CREATED_MAX_MS = 30 * 60 * 1000;

/** A value the order page will show masked, as the customer typed it. */
export interface KeptField {
  key: string;
  type: OrderFieldType;
  value: string;
}

export interface JustCreated {
  /** When the form was submitted (the tab's clock, which also measures its age). */
  at: number;
  /** The order it proved to be, once its page matched it; null until then. */
  orderId: string | null;
  fields: KeptField[];
}

export type KeptStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The tab's `sessionStorage`, or null where it is blocked (privacy settings, sandboxed frame). */
export function tabStorage(): KeptStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps, at the calculator's submit, the values that the order page will mask (and only
 * those: an address or the e-mail is shown in full anyway). Nothing to mask: the previous
 * entry goes, since it belongs to an older order. Storage that refuses (full, blocked) only
 * means there will be no "show".
 */
export function keepJustCreated(options: {
  storage: KeptStorage | null;
  fields: KeptField[];
  now: number;
}): void {
  const { storage, now } = options;
  if (!storage) return;
  const fields = options.fields.filter((field) => field.value !== maskFieldValue(field));
  try {
    if (fields.length === 0) {
      storage.removeItem(JUST_CREATED_KEY);
      return;
    }
    const entry: JustCreated = { at: now, orderId: null, fields };
    storage.setItem(JUST_CREATED_KEY, JSON.stringify(entry));
  } catch {
    // No room or no storage: the page simply stays masked.
  }
}

/** The entry, or null when there is none or it is not one of ours (edited, older shape). */
export function readJustCreated(storage: KeptStorage | null): JustCreated | null {
  let parsed: unknown;
  try {
    const text = storage?.getItem(JUST_CREATED_KEY);
    if (!text) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { at, orderId, fields } = parsed as Record<string, unknown>;
  if (typeof at !== "number" || !Number.isFinite(at)) return null;
  if (orderId !== null && typeof orderId !== "string") return null;
  if (!Array.isArray(fields) || !fields.every(isKeptField)) return null;
  return { at, orderId, fields };
}

function isKeptField(value: unknown): value is KeptField {
  if (typeof value !== "object" || value === null) return false;
  const { key, type, value: text } = value as Record<string, unknown>;
  return typeof key === "string" && typeof type === "string" && typeof text === "string";
}

/** What the order page needs of the order to decide. */
export interface ShownOrder {
  id: string;
  fields: { key: string; value: string }[];
  createdAt: string;
  expiresAt: string;
  /** A terminal status: nothing left to do with the details, so the copy goes. */
  finished: boolean;
}

export type JustCreatedVerdict =
  /** Show the toggle: full values by field key, the entry bound to this order, for `forMs`. */
  | { kind: "show"; values: Record<string, string>; entry: JustCreated; forMs: number }
  /** Remove the entry: too old, or its order is finished. */
  | { kind: "drop" }
  /** Not this order's (another order's, or a submit that created none): leave it alone. */
  | { kind: "none" };

/**
 * Whether the tab's entry is surely this order's: younger than the order's lifetime (30 min
 * at most), not bound to another order, and every masked value on the page equals the mask
 * of the kept value under the same key, with no kept value left over. An entry older than
 * its limit, or whose order has finished, is dropped.
 */
export function matchJustCreated(options: {
  entry: JustCreated | null;
  order: ShownOrder;
  now: number;
}): JustCreatedVerdict {
  const { entry, order, now } = options;
  if (!entry) return { kind: "none" };
  const lifetime = Date.parse(order.expiresAt) - Date.parse(order.createdAt);
  const limit = Math.min(JUST_CREATED_MAX_MS, Number.isFinite(lifetime) ? lifetime : 0);
  const age = now - entry.at;
  // A clock set back makes the age negative: the entry's age is unknown, so it goes too.
  if (age < 0 || age >= limit) return { kind: "drop" };
  if (entry.orderId !== null && entry.orderId !== order.id) return { kind: "none" };

  const values = matchingValues(entry.fields, order.fields);
  if (values === null) return { kind: "none" };
  if (order.finished) return { kind: "drop" };
  return { kind: "show", values, entry: { ...entry, orderId: order.id }, forMs: limit - age };
}

/** The kept values by key when they are exactly the page's masked ones, else null. */
function matchingValues(
  kept: KeptField[],
  shown: ShownOrder["fields"],
): Record<string, string> | null {
  const byKey = new Map(kept.map((field) => [field.key, field]));
  const values: Record<string, string> = {};
  for (const field of shown) {
    const keptField = byKey.get(field.key);
    if (!keptField) {
      // A value the page shows masked that this tab did not type: not this tab's order.
      if (field.value.includes(MASK)) return null;
      continue;
    }
    if (maskFieldValue(keptField) !== field.value) return null;
    values[field.key] = keptField.value;
    byKey.delete(field.key);
  }
  return byKey.size === 0 && Object.keys(values).length > 0 ? values : null;
}

/** What `maskFieldValue` puts in place of the hidden part. */
const MASK = maskFieldValue({ value: "", type: "card_number" });
