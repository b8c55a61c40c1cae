import { type DisplayNameProblem, displayNameProblem } from "@obmen/domain";
import type { MessageKey } from "@obmen/i18n";
import type { z } from "zod";

/** The message each problem gets under its field (the error handler words it). */
export const DISPLAY_NAME_PROBLEM_KEY: Record<DisplayNameProblem, MessageKey> = {
  bidi_control: "NameErrors.BidiControl",
  invisible: "NameErrors.Invisible",
};

/**
 * A name other people read (a wallet's label, a referral channel, a pay system, a reserve):
 * `schema` plus the domain's rule (displayNameProblem: no bidi control, not invisible-only,
 * issue 26 point 5). The issue carries its message key in `params.key`, which the API's
 * payload check puts under the field instead of the generic "invalid".
 */
export function visibleName<T extends z.ZodString>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const problem = displayNameProblem(value);
    if (problem) {
      ctx.addIssue({
        code: "custom",
        message: problem,
        params: { key: DISPLAY_NAME_PROBLEM_KEY[problem] },
      });
    }
  }) as T;
}
