import { AppError, ErrorCode } from "@obmen/contracts";
import type { MessageKey } from "@obmen/i18n";
import type { Captcha, CaptchaCheck } from "./captcha.ts";

const PROBLEM: Record<Exclude<CaptchaCheck, "ok">, MessageKey> = {
  invalid: "AccountErrors.CaptchaFailed",
  used: "AccountErrors.CaptchaFailed",
  expired: "AccountErrors.CaptchaExpired",
};

/**
 * When a call must carry a solved captcha (after repeated failures), spends it or refuses with
 * 400 `CAPTCHA_REQUIRED` and a sentence under `captcha` the form shows beside the widget.
 */
export async function requireCaptcha(options: {
  captcha: Captcha;
  required: boolean;
  solution: string | undefined;
}) {
  const { captcha } = options;
  if (!options.required || !captcha.enabled) return;
  if (!options.solution) {
    throw new AppError(ErrorCode.CAPTCHA_REQUIRED, {
      fields: { captcha: { key: "AccountErrors.CaptchaRequired" } },
    });
  }
  const outcome = await captcha.redeem(options.solution);
  if (outcome !== "ok") {
    throw new AppError(ErrorCode.CAPTCHA_REQUIRED, {
      fields: { captcha: { key: PROBLEM[outcome] } },
    });
  }
}
