import { randomBytes } from "node:crypto";
import { createAccountSecurity } from "../../src/account/account-security.ts";
import { readPublicCallPolicy } from "../../src/rate-limits/public-call-policy.ts";

/**
 * The public calls' budgets the suites run with: vitest.config.ts sets `RATE_LIMIT_*` to
 * budgets nothing reaches (decision 036), for the server processes tests start (their config
 * parses them) and, through this, for the APIs tests build in process. Rate-limit tests pass
 * their own small ones.
 */
export const HARNESS_PUBLIC_CALLS = readPublicCallPolicy(process.env);

/** What registerApi makes without one (memory, no captcha), with the harness's budgets. */
export function harnessAccountSecurity() {
  return createAccountSecurity({
    store: { kind: "memory" },
    serverSecret: randomBytes(32).toString("hex"),
    captchaProvider: "none",
    publicCallPolicy: HARNESS_PUBLIC_CALLS,
  });
}
