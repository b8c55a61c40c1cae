import type { userSessions, users } from "@obmen/db";

/** A `users` row as Drizzle reads it. */
export type UserRow = typeof users.$inferSelect;
export type UserSessionRow = typeof userSessions.$inferSelect;

/** Who a signed call with a live `user_auth_token` is made by. */
export interface SignedInCaller {
  user: UserRow;
  session: UserSessionRow;
}

/**
 * Turns the envelope's `user_auth_token` into its live session and user, or null for a token
 * that is unknown, expired or revoked (account/sessions/resolve-session.ts).
 */
export type ResolveSignedInCaller = (options: {
  token: string;
  /** The end user's address from the envelope, recorded when the session slides. */
  ip: string;
}) => Promise<SignedInCaller | null>;

/**
 * Remembers the envelope's signature and resolves its token in one round trip (the database
 * replay guard, account/sessions/resolve-session.ts): `fresh` false for a replayed signature.
 */
export type RememberAndResolveSignedInCaller = (options: {
  signature: string;
  timestamp: number;
  token: string;
  ip: string;
}) => Promise<{ fresh: boolean; caller: SignedInCaller | null }>;

/**
 * `user`: the route answers 401 UNAUTHORIZED unless the envelope carries a live session.
 * `optional`: anyone may call; the handler learns who is signed in (`signedIn`), or null for
 * no token or one that is no longer live (never a 401: the call works without it).
 */
export type RouteAuth = "none" | "user" | "optional";

/** What a handler's context gains from its route's `auth`. */
export type AuthContext<A extends RouteAuth> = A extends "user"
  ? SignedInCaller
  : A extends "optional"
    ? { signedIn: SignedInCaller | null }
    : unknown;
