import { blacklistEntries, type Database, type RiskSource, users } from "@obmen/db";
import type { OrderFieldType } from "@obmen/domain";
import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import { hashCardNumber } from "./blacklist-value.ts";

/** One reason to hold a new order, as `order_risk_flags` keeps it. */
export interface RiskFlag {
  source: RiskSource;
  kind: string | null;
  shown: string | null;
  reason: string;
  details: Record<string, unknown>;
}

/** What of a new order risk looks at: its e-mail, its checked fields and the visitor's IP. */
export interface RiskSubject {
  email: string;
  fields: { key: string; value: string; type: OrderFieldType | null }[];
  clientIp: string;
}

/**
 * Why a new order should be held, if at all (issue 29): a blacklisted e-mail (the order's or
 * an e-mail field's), card (a card field, by its keyed hash), wallet (any field's value,
 * exactly) or IP, and a blocked customer's e-mail. Reads only — the create writes the order
 * and these flags in one transaction (hold-risky-order.ts). Two indexed lookups sent at once;
 * an empty answer is the common case.
 */
export async function assessOrderRisk(options: {
  db: Database;
  cardKey: Buffer;
  subject: RiskSubject;
}): Promise<RiskFlag[]> {
  const { subject } = options;
  const emails = new Set([subject.email.toLowerCase()]);
  const cards = new Set<string>();
  const values = new Set<string>();
  for (const field of subject.fields) {
    if (!field.value) continue;
    if (field.type === "card_number") cards.add(hashCardNumber(field.value, options.cardKey));
    else values.add(field.value);
    if (field.type === "email") emails.add(field.value.toLowerCase());
  }
  const byKind = (kind: string, list: Set<string>) =>
    list.size === 0
      ? undefined
      : and(eq(blacklistEntries.kind, kind as "email"), inArray(blacklistEntries.value, [...list]));
  const [hits, blocked] = await Promise.all([
    options.db
      .select()
      .from(blacklistEntries)
      .where(
        or(
          byKind("email", emails),
          byKind("card", cards),
          byKind("wallet", values),
          byKind("ip", new Set([subject.clientIp.toLowerCase()])),
        ),
      ),
    options.db
      .select({ id: users.id, reason: users.blockedReason })
      .from(users)
      .where(and(eq(users.email, subject.email.trim().toLowerCase()), isNotNull(users.blockedAt))),
  ]);
  return [
    ...hits.map((entry) => ({
      source: "blacklist" as const,
      kind: entry.kind,
      shown: entry.shown,
      reason: entry.reason,
      details: { entry_id: entry.id },
    })),
    ...blocked.map((user) => ({
      source: "blocked_customer" as const,
      kind: "email",
      shown: subject.email.toLowerCase(),
      reason: user.reason ?? "",
      details: { user_id: user.id },
    })),
  ];
}
