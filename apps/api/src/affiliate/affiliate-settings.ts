import { parseDecimal } from "@obmen/domain";
import { z } from "zod";

/** The programme's terms (README "Configuration"; docs/decisions/029-affiliate-ledger.md). */
export interface AffiliateSettings {
  /** `AFFILIATE_SHARE`: the partner's share of the operator's profit, 0 < share ≤ 1. */
  share: string;
  /** `AFFILIATE_CURRENCY`: the currency code balances are kept in (`USDT`). */
  currency: string;
  /** `AFFILIATE_MIN_WITHDRAWAL`: the smallest withdrawal, in the programme currency. */
  minWithdrawal: string;
}

const Share = z.string().refine((value) => {
  const share = parseDecimal(value);
  return share?.gt(0) && share.lte(1);
}, "must be a decimal above 0 and at most 1, e.g. 0.3");
const Amount = z.string().refine((value) => {
  const amount = parseDecimal(value);
  return amount?.gt(0);
}, "must be a positive decimal, e.g. 10");

/** The `AFFILIATE_*` variables, as apps/server/src/config.ts's schema takes them in. */
export const AFFILIATE_ENV = {
  AFFILIATE_SHARE: Share.default("0.3"),
  AFFILIATE_CURRENCY: z
    .string()
    .regex(/^[A-Z0-9]{2,16}$/, "must be a currency code in capitals, e.g. USDT")
    .default("USDT"),
  AFFILIATE_MIN_WITHDRAWAL: Amount.default("10"),
};

const Env = z.object(AFFILIATE_ENV);

/** The terms when nothing is set: the schema's defaults. */
export const DEFAULT_AFFILIATE_SETTINGS: AffiliateSettings = readAffiliateSettings({});

/**
 * The programme's terms from `AFFILIATE_*` values (the server parses them once, at boot, in
 * its config; tests pass their own): a bad value throws with the variable named.
 */
export function readAffiliateSettings(env: Record<string, string | undefined>): AffiliateSettings {
  const given = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => name.startsWith("AFFILIATE_") && value !== ""),
  );
  const result = Env.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
  }
  return affiliateSettingsOf(result.data);
}

/** The settings from the parsed variables. */
export function affiliateSettingsOf(env: z.output<typeof Env>): AffiliateSettings {
  return {
    share: env.AFFILIATE_SHARE,
    currency: env.AFFILIATE_CURRENCY,
    minWithdrawal: env.AFFILIATE_MIN_WITHDRAWAL,
  };
}
