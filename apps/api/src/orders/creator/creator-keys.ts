import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveServerKey } from "../../account/server-keys.ts";

/**
 * The proof that a caller created an order (docs/decisions/052-moving-an-order-needs-proof.md):
 * `/rest/exchange/create` answers it as `creator_key`, and `/rest/exchange/info` and `update`
 * accept it back. It is an HMAC of the order's id under a key derived from the server secret,
 * so every replica computes the same one and nothing is stored: the order's row and the
 * create function stay as they are, and no table holds a secret that a dump could leak.
 */
export interface OrderCreatorKeys {
  keyOf: (orderId: string) => string;
  /** Constant-time: a wrong key tells nothing about the right one. */
  matches: (orderId: string, key: string) => boolean;
}

export function createOrderCreatorKeys(serverSecret: string): OrderCreatorKeys {
  const secret = deriveServerKey(serverSecret, "orders/creator-key");
  const keyOf = (orderId: string) =>
    createHmac("sha256", secret).update(orderId.toLowerCase()).digest("base64url");
  return {
    keyOf,
    matches: (orderId, key) => {
      const expected = Buffer.from(keyOf(orderId));
      const given = Buffer.from(key);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
