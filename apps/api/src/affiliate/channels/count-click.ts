import { createHmac, randomBytes } from "node:crypto";
import { affiliateChannels, affiliateClickKeys, affiliateClicks, type Database } from "@obmen/db";
import { eq, lt } from "drizzle-orm";

/** Longer than any code we make; anything else is not looked up at all. */
const CODE_PATTERN = /^[a-z0-9]{8,32}$/;

/**
 * `/rest/ref_channel/click`: a visitor arrived by a channel's link. Counted once per visitor,
 * channel and UTC day: the visitor is HMAC-SHA256(day's key, ip), never the IP, and the day's
 * key (random, one row per day, shared by every replica) is deleted once the day is two days
 * old, after which no stored hash can be tied to an address again. Bounded: at most one row per
 * visitor, channel and day whatever the caller repeats; an unknown rid writes nothing.
 */
export async function countClick(options: {
  db: Database;
  rid: string;
  ip: string;
  now?: Date;
}): Promise<{ counted: boolean }> {
  const { db } = options;
  const rid = options.rid.trim().toLowerCase();
  if (!CODE_PATTERN.test(rid)) return { counted: false };
  const [channel] = await db
    .select({ id: affiliateChannels.id })
    .from(affiliateChannels)
    .where(eq(affiliateChannels.code, rid));
  if (!channel) return { counted: false };
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const key = await keyOfDay(db, day);
  const visitorHash = createHmac("sha256", key).update(options.ip).digest("hex");
  const inserted = await db
    .insert(affiliateClicks)
    .values({ channelId: channel.id, day, visitorHash })
    .onConflictDoNothing()
    .returning({ day: affiliateClicks.day });
  return { counted: inserted.length > 0 };
}

const keys = new Map<string, string>();

async function keyOfDay(db: Database, day: string): Promise<string> {
  const known = keys.get(day);
  if (known) return known;
  await db
    .insert(affiliateClickKeys)
    .values({ day, key: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select().from(affiliateClickKeys).where(eq(affiliateClickKeys.day, day));
  if (!row) throw new Error(`no click key for ${day}`);
  // Forget old days' keys here and in the database: the hashes they made name nobody now.
  const twoDaysAgo = new Date(Date.parse(day) - 2 * 86_400_000).toISOString().slice(0, 10);
  await db.delete(affiliateClickKeys).where(lt(affiliateClickKeys.day, twoDaysAgo));
  keys.clear();
  keys.set(day, row.key);
  return row.key;
}
