import type { RefChannelDay } from "@obmen/contracts";
import { type Database, normaliseDecimal } from "@obmen/db";
import { sql } from "drizzle-orm";

/**
 * `/rest/ref_channel/daily`: clicks, attributed orders and rewards (net of reversals) per
 * channel and UTC day over the last `days` days, for the chart on `/account/affiliate`. Every
 * part names the caller as the partner, so another partner's channels never count. Days with
 * nothing are left out (the page fills the gaps).
 */
export async function channelDaily(options: {
  db: Database;
  userId: string;
  days: number;
}): Promise<RefChannelDay[]> {
  const { db, userId } = options;
  // Today counts as one of the days: `days = 1` is today alone.
  const since = sql`(now() at time zone 'UTC')::date - ${options.days - 1}::int`;
  const result = await db.execute<{
    channel_id: number;
    day: string;
    clicks: number | string;
    orders: number | string;
    earned: string;
  }>(sql`
    with clicks as (
      select c.channel_id, c.day, count(*) as n
      from affiliate_clicks c
      join affiliate_channels ch on ch.id = c.channel_id and ch.partner_id = ${userId}
      where c.day >= ${since}
      group by 1, 2
    ), orders as (
      select r.channel_id, (r.created_at at time zone 'UTC')::date as day, count(*) as n
      from affiliate_order_referrals r
      where r.partner_id = ${userId} and r.created_at >= ${since}
      group by 1, 2
    ), earned as (
      select r.channel_id, (e.created_at at time zone 'UTC')::date as day, sum(l.amount) as amount
      from affiliate_ledger_entries e
      join affiliate_order_referrals r on r.order_id = e.order_id and r.partner_id = ${userId}
      join affiliate_ledger_lines l on l.entry_id = e.id and l.account in ('available', 'debt')
      where e.partner_id = ${userId} and e.kind in ('reward', 'reward_reversal')
        and e.created_at >= ${since}
      group by 1, 2
    )
    select k.channel_id, to_char(k.day, 'YYYY-MM-DD') as day,
      coalesce(c.n, 0) as clicks, coalesce(o.n, 0) as orders,
      coalesce(m.amount, 0)::text as earned
    from (
      select channel_id, day from clicks
      union select channel_id, day from orders
      union select channel_id, day from earned
    ) k
    left join clicks c on c.channel_id = k.channel_id and c.day = k.day
    left join orders o on o.channel_id = k.channel_id and o.day = k.day
    left join earned m on m.channel_id = k.channel_id and m.day = k.day
    order by k.day, k.channel_id
  `);
  return result.rows.map((row) => ({
    channel_id: Number(row.channel_id),
    day: row.day,
    clicks: Number(row.clicks),
    orders: Number(row.orders),
    earned: normaliseDecimal(row.earned),
  }));
}
