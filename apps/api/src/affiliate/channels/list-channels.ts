import type { Locale, RefChannel } from "@obmen/contracts";
import { affiliateChannels, type Database, normaliseDecimal } from "@obmen/db";
import { translatorFor } from "@obmen/i18n/catalogs";
import { asc, desc, eq, sql } from "drizzle-orm";
import { ensurePartner, refLink } from "./ensure-partner.ts";

/**
 * `/rest/ref_channel/list`: the caller's channels with their stats, the default one first.
 * Every statement names the caller as owner; another partner's channels are never read.
 */
export async function listChannels(options: {
  db: Database;
  appUrl: string;
  userId: string;
  lang: Locale;
}): Promise<RefChannel[]> {
  const { db, userId } = options;
  const defaultChannelName = translatorFor(options.lang)("Affiliate.DefaultChannel");
  await ensurePartner({ db, userId, defaultChannelName });
  const rows = await db
    .select({
      id: affiliateChannels.id,
      name: affiliateChannels.name,
      code: affiliateChannels.code,
      isDefault: affiliateChannels.isDefault,
      createdAt: affiliateChannels.createdAt,
      ...channelStats,
    })
    .from(affiliateChannels)
    .where(eq(affiliateChannels.partnerId, userId))
    .orderBy(
      desc(affiliateChannels.isDefault),
      asc(affiliateChannels.createdAt),
      asc(affiliateChannels.id),
    );
  return rows.map((row) => channelView(row, options.appUrl, defaultChannelName));
}

/**
 * The four counters of a channel, as correlated subqueries of the channel row. The outer
 * columns are written out qualified: Drizzle leaves a one-table select's columns bare, which
 * the subqueries' own `channel_id`, `code` and `id` would capture.
 */
const channelId = sql.raw('"affiliate_channels"."id"');
const channelCode = sql.raw('"affiliate_channels"."code"');
export const channelStats = {
  clicks:
    sql<number>`(select count(*) from affiliate_clicks c where c.channel_id = ${channelId})`.mapWith(
      Number,
    ),
  registrations:
    sql<number>`(select count(*) from users u where u.referrer_rid = ${channelCode})`.mapWith(
      Number,
    ),
  orders:
    sql<number>`(select count(*) from affiliate_order_referrals o where o.channel_id = ${channelId})`.mapWith(
      Number,
    ),
  earned: sql<string>`(select coalesce(sum(l.amount), 0)::text
      from affiliate_order_referrals r
      join affiliate_ledger_entries e on e.order_id = r.order_id and e.kind in ('reward', 'reward_reversal')
      join affiliate_ledger_lines l on l.entry_id = e.id and l.account in ('available', 'debt')
      where r.channel_id = ${channelId})`,
};

/**
 * The default channel is named in the reader's language: its stored name is the text of the
 * language the partner happened to use first, and a partner cannot rename it.
 */
export function channelView(
  row: {
    id: number;
    name: string;
    code: string;
    isDefault: boolean;
    createdAt: Date;
    clicks: number;
    registrations: number;
    orders: number;
    earned: string;
  },
  appUrl: string,
  defaultChannelName: string,
): RefChannel {
  return {
    id: row.id,
    name: row.isDefault ? defaultChannelName : row.name,
    rid: row.code,
    ref_link: refLink(appUrl, row.code),
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    clicks: row.clicks,
    registrations: row.registrations,
    orders: row.orders,
    earned: normaliseDecimal(row.earned),
  };
}
