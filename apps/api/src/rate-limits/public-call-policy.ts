import { z } from "zod";

/**
 * The public calls that cost the exchange something and are limited per client IP
 * (docs/decisions/036-public-call-rate-limits.md): a new order locks a rate and sends a letter,
 * a status change writes history and letters, a receipt is up to 10 MB on disk, a review a row.
 */
export type PublicCall = "order_create" | "order_update" | "receipt" | "review";

/** So many requests from one IP per window; one more answers 429 until the window ends. */
export interface CallBudget {
  points: number;
  seconds: number;
}

export type PublicCallPolicy = Record<PublicCall, CallBudget>;

/**
 * What a visitor needs, with room for a family or an office behind one address: an exchange
 * customer makes an order or two, marks it paid, sends a receipt and perhaps a review.
 */
export const DEFAULT_PUBLIC_CALL_POLICY: PublicCallPolicy = {
  order_create: { points: 20, seconds: 600 },
  order_update: { points: 30, seconds: 600 },
  receipt: { points: 20, seconds: 600 },
  review: { points: 10, seconds: 600 },
};

/** The variable that overrides each call's budget, as `<requests>/<seconds>` (README). */
export const PUBLIC_CALL_ENV: Record<PublicCall, string> = {
  order_create: "RATE_LIMIT_ORDER_CREATE",
  order_update: "RATE_LIMIT_ORDER_UPDATE",
  receipt: "RATE_LIMIT_RECEIPT",
  review: "RATE_LIMIT_REVIEW",
};

const Budget = z
  .string()
  .regex(/^\d{1,9}\/\d{1,9}$/, "must be <requests>/<seconds>, e.g. 20/600")
  .transform((value) => {
    const [points, seconds] = value.split("/").map(Number) as [number, number];
    return { points, seconds };
  })
  .refine(
    ({ points, seconds }) => points >= 1 && seconds >= 1 && seconds <= 7 * 24 * 60 * 60,
    "needs at least 1 request and a window of 1 second to 7 days",
  );

/**
 * One `RATE_LIMIT_*` value, as apps/server/src/config.ts's schema takes it in: a bad value
 * stops the process with the variable named.
 */
export const CallBudgetSetting = Budget;

/**
 * The budgets from `RATE_LIMIT_*` values (the server's config parses them once, at boot; test
 * harnesses read theirs): a bad value throws with the variable named.
 */
export function readPublicCallPolicy(env: Record<string, string | undefined>): PublicCallPolicy {
  const policy = { ...DEFAULT_PUBLIC_CALL_POLICY };
  const problems: string[] = [];
  for (const [call, name] of Object.entries(PUBLIC_CALL_ENV) as [PublicCall, string][]) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    const parsed = Budget.safeParse(value.trim());
    if (parsed.success) policy[call] = parsed.data;
    else problems.push(`${name}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  }
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
  }
  return policy;
}
