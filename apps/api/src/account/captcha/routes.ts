import {
  AppError,
  CaptchaChallengeResponse,
  CaptchaVerifyRequest,
  CaptchaVerifyResponse,
  type DataResponseSchema,
  ErrorCode,
} from "@obmen/contracts";
import type { FastifyInstance } from "fastify";
import { checkResponseBody } from "../../http/check-response.ts";
import { validatePayload } from "../../http/validate-payload.ts";
import type { PlainRouteDoc } from "../../openapi/build-openapi.ts";
import type { AccountSecurity } from "../account-security.ts";

/**
 * The captcha's two unsigned JSON calls, for the browser (spec §7 `/api/verify`): they hold
 * no secret and answer the same to anyone, so the web tier need not sign and forward them.
 * Each is limited per IP (the socket's, or the proxy's X-Forwarded-For under TRUST_PROXY).
 */
export function registerCaptchaRoutes(options: {
  app: FastifyInstance;
  security: AccountSecurity;
  docs: PlainRouteDoc[];
  checkResponses: boolean;
}) {
  const { app, security, docs } = options;
  const send = (path: string, schema: DataResponseSchema, data: unknown) => {
    const json = JSON.stringify({ data });
    if (options.checkResponses) checkResponseBody({ path, schema, json });
    return json;
  };

  docs.push({
    path: "/api/captcha/challenge",
    method: "GET",
    summary:
      "A new ALTCHA proof-of-work challenge (give `challenge` to the widget); `enabled: false` when CAPTCHA_PROVIDER=none",
    response: CaptchaChallengeResponse,
  });
  app.get("/api/captcha/challenge", async (request, reply) => {
    await security.limits.throttle("challenge", request.ip);
    const challenge = security.captcha.enabled ? await security.captcha.createChallenge() : null;
    return reply
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send(
        send("/api/captcha/challenge", CaptchaChallengeResponse, {
          enabled: security.captcha.enabled,
          challenge,
        }),
      );
  });

  docs.push({
    path: "/api/verify",
    method: "POST",
    summary:
      "Whether a captcha solution would be accepted now (solved, ours, unexpired, unused); does not spend it",
    body: CaptchaVerifyRequest,
    response: CaptchaVerifyResponse,
  });
  // A solution is about a kilobyte; nothing bigger is read.
  app.post("/api/verify", { bodyLimit: 8 * 1024 }, async (request, reply) => {
    await security.limits.throttle("verify", request.ip);
    // The body must be a JSON object; anything else is not a form with fields to name.
    if (request.body === null || typeof request.body !== "object" || Array.isArray(request.body)) {
      throw new AppError(ErrorCode.BAD_ENVELOPE);
    }
    const { captcha } = validatePayload(CaptchaVerifyRequest, request.body);
    const verified = (await security.captcha.check(captcha)) === "ok";
    return reply
      .type("application/json; charset=utf-8")
      .send(send("/api/verify", CaptchaVerifyResponse, { verified }));
  });
}
