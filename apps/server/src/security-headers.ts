import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** One year; no `includeSubDomains`: other hosts of the operator's domain are not ours to bind. */
export const HSTS = "max-age=31536000";

/** What every answer gets unless its route sets its own header of the same name. */
const HELMET_OPTIONS: HelmetOptions = {
  // An API answer, a static file or an error is never a document that should run anything or
  // be framed. The site's pages (apps/web/app/entry.server.tsx, a nonce per page), the operator
  // console (apps/web/server/admin-console.ts), receipts and the dev mailbox (their own
  // sandboxing policies) replace it with theirs.
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
};

/**
 * The headers helmet writes for `options`, read once by running its middleware against a
 * recorder. None of ours depends on the request, and @fastify/helmet rebuilt helmet from its
 * options on every request: 17% of `/rates.xml`'s throughput (docs/decisions/045).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every response of the one Fastify instance, pages, API, assets and the
 * console alike (issue 16 point 7), as helmet writes them. Register before any route: a route
 * that sends its own `content-security-policy` replaces this one.
 *
 * HSTS is sent only to a visitor who reached us over HTTPS, which the app knows only from the
 * TLS proxy's `X-Forwarded-Proto` under `TRUST_PROXY`: sent over plain HTTP a browser ignores
 * it, and a local `npm start` must never pin `localhost` to HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmetHeaders(HELMET_OPTIONS);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    done();
  });
}
