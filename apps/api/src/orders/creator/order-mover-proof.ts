import { AppError, ErrorCode } from "@obmen/contracts";
import type { SignedInCaller } from "../../http/user-auth.ts";
import type { OrderCreatorKeys } from "./creator-keys.ts";

/** What a caller may show to be allowed to move an order, besides its link (decision 052). */
export interface OrderMoverProof {
  /** The `creator_key` that `/rest/exchange/create` answered. */
  creatorKey?: string;
  /** The e-mail the order was created with, typed by whoever holds the link. */
  email?: string;
  /** The envelope's live session, if any. */
  signedIn: SignedInCaller | null;
}

interface ProvableOrder {
  id: string;
  email: string;
}

/**
 * Whether the caller is the order's creator (its key) or its owner (signed in to the account
 * whose login is the order's e-mail: the account that lists the order in its history). Such a
 * caller reads the e-mail in full and moves the order without typing it.
 */
export function isCreatorOrOwner(options: {
  order: ProvableOrder;
  proof: OrderMoverProof;
  keys: OrderCreatorKeys;
}): boolean {
  const { order, proof, keys } = options;
  if (proof.creatorKey !== undefined && keys.matches(order.id, proof.creatorKey)) return true;
  // Logins are stored lower case; orders keep the address as typed (list-user-orders.ts).
  return proof.signedIn !== null && proof.signedIn.user.email === order.email.toLowerCase();
}

/**
 * Refuses to move the order unless the caller is its creator or owner, or typed its e-mail.
 * Both refusals are 403 FORBIDDEN under `fields.email`, so a form shows them by its input.
 */
export function checkOrderMover(options: {
  order: ProvableOrder;
  proof: OrderMoverProof;
  keys: OrderCreatorKeys;
}): void {
  if (isCreatorOrOwner(options)) return;
  const typed = options.proof.email?.trim();
  if (!typed) {
    throw new AppError(ErrorCode.FORBIDDEN, {
      fields: { email: { key: "OrderProof.EmailRequired" } },
    });
  }
  if (typed.toLowerCase() !== options.order.email.trim().toLowerCase()) {
    throw new AppError(ErrorCode.FORBIDDEN, {
      fields: { email: { key: "OrderProof.EmailWrong" } },
    });
  }
}
