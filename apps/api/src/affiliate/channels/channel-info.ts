import type { Locale } from "@obmen/contracts";
import { affiliateChannels, type Database } from "@obmen/db";
import { translatorFor } from "@obmen/i18n/catalogs";
import { and, eq } from "drizzle-orm";
import type { AffiliateSettings } from "../affiliate-settings.ts";
import { partnerBalance } from "../ledger/partner-balance.ts";
import { ensurePartner, refLink } from "./ensure-partner.ts";

/** `/rest/ref_channel/info`: the default link and the balance (spec §7 `data.ref_link`). */
export async function channelInfo(options: {
  db: Database;
  appUrl: string;
  settings: AffiliateSettings;
  userId: string;
  lang: Locale;
}) {
  const { db, userId, settings } = options;
  await ensurePartner({
    db,
    userId,
    defaultChannelName: translatorFor(options.lang)("Affiliate.DefaultChannel"),
  });
  const [channel] = await db
    .select({ code: affiliateChannels.code })
    .from(affiliateChannels)
    .where(and(eq(affiliateChannels.partnerId, userId), eq(affiliateChannels.isDefault, true)));
  if (!channel) throw new Error(`partner ${userId} has no default channel`);
  return {
    ref_link: refLink(options.appUrl, channel.code),
    balance: await partnerBalance({ db, partnerId: userId, currency: settings.currency }),
    share: settings.share,
    min_withdrawal: settings.minWithdrawal,
  };
}
