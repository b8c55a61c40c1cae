import { affiliateChannels, affiliatePartners, type Database, type Transaction } from "@obmen/db";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/**
 * A new channel's `rid`: 10 random bytes (80 bits) in lower-case base32, 16 characters that
 * survive any URL, cookie or letter unescaped. Not a secret, but not guessable either, so
 * nobody attributes orders to a partner by trying codes.
 */
export function newChannelCode(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)));
}

/**
 * Makes the user a partner on first use: its row (the lock a withdrawal takes) and its default
 * channel. Safe to run concurrently: both inserts do nothing when the row exists already.
 */
export async function ensurePartner(options: {
  db: Database | Transaction;
  userId: string;
  defaultChannelName: string;
}): Promise<void> {
  const { db, userId } = options;
  await db.insert(affiliatePartners).values({ userId }).onConflictDoNothing();
  await db
    .insert(affiliateChannels)
    .values({
      partnerId: userId,
      code: newChannelCode(),
      name: options.defaultChannelName,
      isDefault: true,
    })
    .onConflictDoNothing();
}

/** A channel's public link: the site's home page with `?rid=` (spec §4). */
export function refLink(appUrl: string, code: string): string {
  const url = new URL("/", appUrl);
  url.searchParams.set("rid", code);
  return url.toString();
}
