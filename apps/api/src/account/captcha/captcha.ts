import { randomInt } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { RateLimiterRes } from "rate-limiter-flexible";
import { createLimiter, type LimiterStore } from "../../rate-limits/limiter-store.ts";
import { deriveServerKey } from "../server-keys.ts";
import { CaptchaPayload } from "./captcha-payload.ts";

/** How much work a challenge asks of the browser (ALTCHA PoW v2, PBKDF2/SHA-256). */
export interface CaptchaDifficulty {
  /** PBKDF2 iterations per try. */
  cost: number;
  /** The answer is a counter drawn from this range: the expected tries. */
  counterMin: number;
  counterMax: number;
}

/** altcha-lib's recommended default: about a second on a phone, nothing for one real user. */
export const DEFAULT_CAPTCHA_DIFFICULTY: CaptchaDifficulty = {
  cost: 5_000,
  counterMin: 5_000,
  counterMax: 10_000,
};

/** A challenge is solvable, and its solution usable, for ten minutes. */
export const CAPTCHA_LIFETIME_SECONDS = 10 * 60;

/** What a submitted solution is worth: only `ok` lets the call through. */
export type CaptchaCheck = "ok" | "invalid" | "expired" | "used";

export interface Captcha {
  /** False with `CAPTCHA_PROVIDER=none`: nothing asks for a captcha. */
  enabled: boolean;
  createChallenge(): Promise<Record<string, unknown>>;
  /** Checks a solution without spending it (`/api/verify`). */
  check(payload: string): Promise<CaptchaCheck>;
  /** Checks a solution and spends it: the same solution is `used` from then on, on every replica. */
  redeem(payload: string): Promise<CaptchaCheck>;
}

/**
 * Self-hosted ALTCHA (DESIGN.md "captcha"): a proof-of-work challenge signed with a key derived
 * from the server secret, so any replica can verify what another issued, and no third party
 * is called. Used solutions are remembered, in the limits' store, until their challenge expires.
 */
export function createAltchaCaptcha(options: {
  serverSecret: string;
  store: LimiterStore;
  difficulty?: CaptchaDifficulty;
}): Captcha {
  const difficulty = options.difficulty ?? DEFAULT_CAPTCHA_DIFFICULTY;
  const hmacSignatureSecret = deriveServerKey(options.serverSecret, "altcha/challenge").toString(
    "hex",
  );
  // Deterministic mode: the server knows the answer's key and signs it, so checking a
  // solution is one HMAC instead of re-deriving the key.
  const hmacKeySignatureSecret = deriveServerKey(options.serverSecret, "altcha/key").toString(
    "hex",
  );
  // One point per solution: the second redemption of the same one is refused.
  const spent = createLimiter(options.store, {
    prefix: "captcha_used",
    points: 1,
    durationSeconds: CAPTCHA_LIFETIME_SECONDS + 60,
  });

  async function check(payload: string): Promise<CaptchaCheck> {
    const decoded = CaptchaPayload.safeParse(payload);
    if (!decoded.success) return "invalid";
    const { challenge, solution } = decoded.data;
    // A challenge without an expiry would be good forever; ours always carry one (signed).
    if (challenge.parameters.expiresAt === undefined) return "invalid";
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret,
      hmacKeySignatureSecret,
    });
    if (result.expired) return "expired";
    if (!result.verified) return "invalid";
    const seen = await spent.get(challenge.signature);
    return seen && seen.consumedPoints > 0 ? "used" : "ok";
  }

  return {
    enabled: true,
    async createChallenge() {
      const challenge = await createChallenge({
        algorithm: "PBKDF2/SHA-256",
        cost: difficulty.cost,
        counter: randomInt(difficulty.counterMin, difficulty.counterMax + 1),
        deriveKey,
        expiresAt: new Date(Date.now() + CAPTCHA_LIFETIME_SECONDS * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return { ...challenge };
    },
    check,
    async redeem(payload) {
      const outcome = await check(payload);
      if (outcome !== "ok") return outcome;
      const { challenge } = CaptchaPayload.parse(payload);
      try {
        await spent.consume(challenge.signature);
        return "ok";
      } catch (error) {
        // Two requests raced with one solution: the store let one through.
        if (error instanceof RateLimiterRes) return "used";
        throw error;
      }
    },
  };
}

/** `CAPTCHA_PROVIDER=none`: no challenge is asked for, `/api/verify` accepts anything. */
export const NO_CAPTCHA: Captcha = {
  enabled: false,
  async createChallenge() {
    return {};
  },
  async check() {
    return "ok";
  },
  async redeem() {
    return "ok";
  },
};
