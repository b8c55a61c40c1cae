import { AppError, ErrorCode, type Locale, type RefChannel } from "@obmen/contracts";
import { affiliateChannels, affiliatePartners, type Database } from "@obmen/db";
import { translatorFor } from "@obmen/i18n/catalogs";
import { count, eq } from "drizzle-orm";
import { ensurePartner, newChannelCode } from "./ensure-partner.ts";
import { channelView } from "./list-channels.ts";

/** Enough for every site, group and campaign a partner runs; bounds the list and its stats. */
export const MAX_CHANNELS_PER_PARTNER = 100;

/** `/rest/ref_channel/create`: a labelled channel with a link of its own (409 past the cap). */
export async function createChannel(options: {
  db: Database;
  appUrl: string;
  userId: string;
  lang: Locale;
  name: string;
}): Promise<RefChannel> {
  const { db, userId } = options;
  // Control characters would break the lists and banners the name is shown in.
  const name = options.name.replace(/\p{Cc}+/gu, " ").trim();
  if (!name) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { name: { key: "Validation.required", field: "name" } },
    });
  }
  const defaultChannelName = translatorFor(options.lang)("Affiliate.DefaultChannel");
  await ensurePartner({ db, userId, defaultChannelName });
  return db.transaction(async (tx) => {
    // The partner's row serialises creates, so concurrent ones cannot pass the cap.
    await tx
      .select({ id: affiliatePartners.userId })
      .from(affiliatePartners)
      .where(eq(affiliatePartners.userId, userId))
      .for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(affiliateChannels)
      .where(eq(affiliateChannels.partnerId, userId));
    if ((held?.n ?? 0) >= MAX_CHANNELS_PER_PARTNER) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: {
          name: {
            key: "AffiliateErrors.TooManyChannels",
            values: { count: MAX_CHANNELS_PER_PARTNER },
          },
        },
      });
    }
    const [row] = await tx
      .insert(affiliateChannels)
      .values({ partnerId: userId, code: newChannelCode(), name })
      .returning();
    return channelView(
      { ...row!, clicks: 0, registrations: 0, orders: 0, earned: "0" },
      options.appUrl,
      defaultChannelName,
    );
  });
}
