import { z } from "zod";

const Hex = z
  .string()
  .regex(/^[0-9a-f]+$/i)
  .max(512);

/**
 * What the ALTCHA widget submits: base64 of the JSON `{challenge, solution}` (PoW v2). Read
 * strictly, so a malformed value is "invalid", never an exception in the verifier.
 */
const DecodedPayload = z.object({
  challenge: z.object({
    // Loose: the signature covers every parameter as sent, so none may be dropped here.
    parameters: z.looseObject({
      algorithm: z.string().max(32),
      nonce: Hex,
      salt: Hex,
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: Hex,
      keySignature: Hex.optional(),
      memoryCost: z.number().int().positive().optional(),
      parallelism: z.number().int().positive().optional(),
      expiresAt: z.number().optional(),
      data: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional(),
    }),
    signature: Hex,
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: Hex,
    time: z.number().optional(),
  }),
});

export const CaptchaPayload = z
  .string()
  .max(4096)
  .transform((value, ctx) => {
    try {
      return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "not base64 JSON" });
      return z.NEVER;
    }
  })
  .pipe(DecodedPayload);
