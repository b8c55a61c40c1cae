import type { Database } from "@obmen/db";
import { currencies, currencyPairs } from "@obmen/db";
import { parseRateFormula } from "@obmen/domain";
import { eq, inArray, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PgBoss } from "pg-boss";
import type { CatalogueChanges } from "../catalogue/catalogue-changes.ts";
import { refreshMonitor } from "./monitor/refresh-monitor.ts";
import { alertHeldRate, alertSilentSources } from "./rate-alerts.ts";
import { type RateLog, refreshRateSource } from "./refresh-rate-source.ts";
import { RATE_SOURCE_ADAPTERS } from "./sources/index.ts";
import type { RateSourceAdapter } from "./sources/rate-source.ts";

const RATES_REFRESH_QUEUE = "rates-refresh";

export interface RateJobOptions {
  /** Each fetched source's base URL (`RATES_*_URL`). */
  urls: Record<RateSourceAdapter["id"], string>;
  /** `RATES_REFRESH_SECONDS`. */
  refreshSeconds: number;
  /** `RATES_MAX_JUMP_PERCENT`. */
  maxJumpPercent: string;
  /** `RATES_SILENT_ALERT_SECONDS`. */
  silentAlertSeconds: number;
  timeoutMs?: number;
  /** BestChange, for pairs that hold a position (decision 057); unset: none is fetched. */
  monitor?: { baseUrl: string; apiKey: string; ownChanger: number | null };
}

/**
 * The recurring refresh (issue 27 point 3) on the job runner, like the alert sweep: a job per
 * interval across replicas (`sendThrottled`); its run refreshes each source bound pairs read,
 * each claimed so that one replica fetches it per interval even if two runs overlap. Moved
 * pairs are announced to every replica (pair list, calculators, rates export).
 */
export async function registerRateJobs(
  options: RateJobOptions & {
    boss: PgBoss;
    db: Database;
    catalogueChanges: CatalogueChanges;
    appUrl: string;
    log: RateLog & { error(details: Record<string, unknown>, message: string): void };
    pollingIntervalSeconds?: number;
  },
) {
  const { boss } = options;
  await boss.createQueue(RATES_REFRESH_QUEUE);
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(RATES_REFRESH_QUEUE, polling, () => refreshBoundSources(options));
  const request = () =>
    boss
      .sendThrottled(RATES_REFRESH_QUEUE, null, null, options.refreshSeconds)
      .catch((error: Error) => boss.emit("error", error));
  await request();
  const timer = setInterval(request, options.refreshSeconds * 1_000);
  timer.unref();
  boss.once("stopped", () => clearInterval(timer));
}

/** One run: every source a bound pair reads, then the silent-source check. */
export async function refreshBoundSources(
  options: RateJobOptions & {
    db: Database;
    catalogueChanges: CatalogueChanges;
    appUrl: string;
    log: RateLog;
  },
) {
  const { db } = options;
  const sources = await boundSources(db);
  let moved = false;
  for (const adapter of RATE_SOURCE_ADAPTERS.filter((item) => sources.has(item.id))) {
    const report = await refreshRateSource({
      db,
      adapter,
      baseUrl: options.urls[adapter.id],
      intervalSeconds: options.refreshSeconds,
      maxJumpPercent: options.maxJumpPercent,
      log: options.log,
      timeoutMs: options.timeoutMs,
    });
    if (report.pairs.some((pair) => pair.outcome === "applied")) moved = true;
    const held = report.pairs.filter((pair) => pair.outcome === "held");
    if (held.length > 0) await alertHeld(options, held);
  }
  if (options.monitor && (await refreshMonitor({ ...options, monitor: options.monitor }))) {
    moved = true;
  }
  await alertSilentSources({
    db,
    sources: [...sources].filter((source) => source !== "manual"),
    silentSeconds: options.silentAlertSeconds,
    appUrl: options.appUrl,
  });
  if (moved) await options.catalogueChanges.publish();
}

export async function boundSources(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ formula: currencyPairs.rateSource })
    .from(currencyPairs)
    .where(isNotNull(currencyPairs.rateSource));
  return new Set(
    rows.flatMap(({ formula }) => (parseRateFormula(formula ?? "") ?? []).map((t) => t.source)),
  );
}

async function alertHeld(
  options: { db: Database; appUrl: string; log: RateLog },
  held: { pairId: number; held?: { from: string; to: string } }[],
) {
  const send = alias(currencies, "send");
  const receive = alias(currencies, "receive");
  const names = await options.db
    .select({ id: currencyPairs.id, send: send.urlXml, receive: receive.urlXml })
    .from(currencyPairs)
    .innerJoin(send, eq(send.id, currencyPairs.sendCurrencyId))
    .innerJoin(receive, eq(receive.id, currencyPairs.receiveCurrencyId))
    .where(
      inArray(
        currencyPairs.id,
        held.map((pair) => pair.pairId),
      ),
    );
  await options.db.transaction(async (tx) => {
    for (const pair of held) {
      const name = names.find((row) => row.id === pair.pairId);
      options.log.warn(
        { pairId: pair.pairId, ...pair.held },
        "pair rate held: jump beyond its bound",
      );
      await alertHeldRate({
        tx,
        pairId: pair.pairId,
        pairName: name ? `${name.send} → ${name.receive}` : String(pair.pairId),
        from: pair.held!.from,
        to: pair.held!.to,
        appUrl: options.appUrl,
      });
    }
  });
}
