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

const Env = z.object({
  AFFILIATE_SHARE: Share.default("0.3"),
  AFFILIATE_CURRENCY: z
    .string()
    .regex(/^[A-Z0-9]{2,16}$/, "must be a currency code in capitals, e.g. USDT")
    .default("USDT"),
  AFFILIATE_MIN_WITHDRAWAL: Amount.default("10"),
});

/**
 * Reads the programme's terms from the environment once, at boot (registerApi): a bad value
 * stops the process with the variable named, like the server's own configuration.
 */
export function readAffiliateSettings(
  env: Record<string, string | undefined> = process.env,
): AffiliateSettings {
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
  return {
    share: result.data.AFFILIATE_SHARE,
    currency: result.data.AFFILIATE_CURRENCY,
    minWithdrawal: result.data.AFFILIATE_MIN_WITHDRAWAL,
  };
}

let current: AffiliateSettings | undefined;

/** The process's terms, read from the environment on first use (registerApi makes that boot). */
export function affiliateSettings(): AffiliateSettings {
  current ??= readAffiliateSettings();
  return current;
}
