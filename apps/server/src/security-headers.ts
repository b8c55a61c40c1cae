import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** One year; no `includeSubDomains`: other hosts of the operator's domain are not ours to bind. */
export const HSTS = "max-age=31536000";

/**
 * Security headers on every response of the one Fastify instance, pages, API, assets and the
 * console alike (issue 16 point 7), through helmet. Register before any route.
 *
 * HSTS is sent only to a visitor who reached us over HTTPS, which the app knows only from the
 * TLS proxy's `X-Forwarded-Proto` under `TRUST_PROXY`: sent over plain HTTP a browser ignores
 * it, and a local `npm start` must never pin `localhost` to HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // What every answer gets unless its route sets its own policy: an API answer, a static
    // file or an error is never a document that should run anything or be framed. The site's
    // pages (apps/web/app/entry.server.tsx, a nonce per page), the operator console
    // (apps/web/server/admin-console.ts), receipts and the dev mailbox (their own sandboxing
    // policies) replace it with theirs.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    // Same-origin: forms and fetches keep their `Origin` (the CSRF check needs it; helmet's
    // default `no-referrer` would make every form post's Origin "null"), and no other site
    // learns a page's path (an order page's path is its secret link).
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: false,
    // The console opens a receipt in a new tab; same-origin windows keep their opener.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
