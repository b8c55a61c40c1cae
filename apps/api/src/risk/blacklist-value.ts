import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import type { BlacklistKind } from "@obmen/contracts";
import { maskCardNumber, validateOrderField } from "@obmen/domain";
import type { MessageKey } from "@obmen/i18n";

/** A blacklist value as stored (compared with orders) and as operators see it. */
export type BlacklistValue =
  | { ok: true; value: string; shown: string }
  | { ok: false; problem: MessageKey };

/**
 * Normalises what an operator typed the way the order field it stands for is normalised, so
 * an entry matches however the customer spelt the value (decision 062):
 * - `email`: the order form's check, then case-folded whole (orders keep the local part's
 *   case; the comparison folds both);
 * - `card`: the card field's check (13–19 digits, Luhn) and then a keyed hash of the digits —
 *   the number is never stored, and the console shows its last four digits;
 * - `wallet`: exactly as given (addresses are case-sensitive), surrounding spaces aside;
 * - `ip`: an IPv4 or IPv6 address, IPv6 in lower case.
 */
export function normaliseBlacklistValue(options: {
  kind: BlacklistKind;
  value: string;
  cardKey: Buffer;
}): BlacklistValue {
  const value = options.value.trim();
  switch (options.kind) {
    case "email": {
      const result = validateOrderField({ type: "email", value });
      if (!result.ok) return { ok: false, problem: "OrderField.invalid_email" };
      const folded = result.normalized.toLowerCase();
      return { ok: true, value: folded, shown: folded };
    }
    case "card": {
      const result = validateOrderField({ type: "card_number", value });
      if (!result.ok) return { ok: false, problem: "OrderField.invalid_card" };
      return {
        ok: true,
        value: hashCardNumber(result.normalized, options.cardKey),
        shown: maskCardNumber(result.normalized),
      };
    }
    case "wallet":
      return { ok: true, value, shown: value };
    case "ip": {
      if (isIP(value) === 0) return { ok: false, problem: "RiskErrors.InvalidIp" };
      const address = value.toLowerCase();
      return { ok: true, value: address, shown: address };
    }
  }
}

/** HMAC-SHA-256 of a card's digits: comparable with an order's card, useless without the key. */
export function hashCardNumber(digits: string, cardKey: Buffer): string {
  return createHmac("sha256", cardKey).update(digits).digest("hex");
}
