import type { Locale } from "@obmen/contracts";
import type { Database, Transaction } from "@obmen/db";
import { translatorFor } from "@obmen/i18n/catalogs";
import { sql } from "drizzle-orm";
import { readAlertSettings } from "../alerts/alert-settings.ts";
import { writeAlert } from "../alerts/sweep-alerts.ts";

/**
 * Operator alerts about rates (issue 27 points 3 and 6), through the same alerts as orders
 * (decision 038): e-mail and Telegram to whoever the settings name, delivered by the alert
 * sweep's sender. Always on: a silent source or a held rate stops or freezes a direction.
 */
export async function alertHeldRate(options: {
  tx: Transaction;
  pairId: number;
  pairName: string;
  from: string;
  to: string;
  appUrl: string;
}) {
  const settings = await readAlertSettings(options.tx);
  const t = translatorFor(settings.language);
  const text = [
    t("RateAdmin.Alert.JumpText", { pair: options.pairName, from: options.from, to: options.to }),
    new URL(`admin/pairs/${options.pairId}`, options.appUrl).href,
  ].join("\n");
  // One alert per held value: a jump confirmed by later fetches is not repeated.
  await writeAlert(options.tx, settings, "rate_jump", `rate-jump:${options.pairId}:${options.to}`, {
    subject: t("RateAdmin.Alert.JumpSubject", { pair: options.pairName }),
    text,
  });
}

/**
 * Sources bound pairs use whose last good fetch is older than `silentSeconds` (or that never
 * had one since their first attempt that long ago), alerted once per silence: a good fetch
 * clears `silent_alerted_at` (store-source-quotes.ts).
 */
export async function alertSilentSources(options: {
  db: Database;
  sources: readonly string[];
  silentSeconds: number;
  appUrl: string;
}): Promise<string[]> {
  if (options.sources.length === 0) return [];
  return options.db.transaction(async (tx) => {
    const ids = sql.join(
      options.sources.map((id) => sql`${id}`),
      sql`, `,
    );
    // Silent: good once and not for `silentSeconds`, or never good and already refused.
    const silent = await tx.execute<{ id: string; last_good_at: Date | null }>(sql`
      update rate_sources set silent_alerted_at = now()
      where id in (${ids}) and silent_alerted_at is null
        and (last_good_at < now() - ${options.silentSeconds}::double precision * interval '1 second'
          or (last_good_at is null and last_error_at is not null))
      returning id, last_good_at
    `);
    if (silent.rows.length === 0) return [];
    const settings = await readAlertSettings(tx);
    for (const row of silent.rows) {
      const text = silentText(settings.language, row.id, row.last_good_at, options.appUrl);
      await writeAlert(
        tx,
        settings,
        "rate_source_silent",
        `rate-silent:${row.id}:${Date.now()}`,
        text,
      );
    }
    return silent.rows.map((row) => row.id);
  });
}

function silentText(language: Locale, source: string, lastGood: Date | null, appUrl: string) {
  const t = translatorFor(language);
  return {
    subject: t("RateAdmin.Alert.SilentSubject", { source }),
    text: [
      t("RateAdmin.Alert.SilentText", {
        source,
        since: lastGood ? new Date(lastGood).toISOString() : t("RateAdmin.Alert.Never"),
      }),
      new URL("admin/pairs", appUrl).href,
    ].join("\n"),
  };
}
