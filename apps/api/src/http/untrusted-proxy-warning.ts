import type { FastifyInstance } from "fastify";

/** What `/healthz` lists under `warnings` once a proxy is seen that nobody trusts. */
export const UNTRUSTED_PROXY_WARNING = "x_forwarded_for_without_trust_proxy";

export interface UntrustedProxyWarning {
  /** Whether a request carried `X-Forwarded-For` while `TRUST_PROXY` is unset. */
  readonly seen: boolean;
}

/**
 * Behind a proxy without `TRUST_PROXY`, every client has the proxy's address: one budget and
 * one captcha count for all of them (issue 26 point 3). The server cannot know at boot
 * whether a proxy is in front, so the first request that carries `X-Forwarded-For` while the
 * setting is unset logs a warning (once per process: a proxy sends it on every request) and
 * `/healthz` names it from then on, its status unchanged. With `TRUST_PROXY` set, nothing.
 */
export function watchForUntrustedProxy(
  app: FastifyInstance,
  options: { trustProxySet: boolean },
): UntrustedProxyWarning {
  const state = { seen: false };
  if (options.trustProxySet) return state;
  app.addHook("onRequest", async (request) => {
    if (state.seen || request.headers["x-forwarded-for"] === undefined) return;
    state.seen = true;
    request.log.warn(
      { warning: UNTRUSTED_PROXY_WARNING, peer: request.socket.remoteAddress },
      "requests carry X-Forwarded-For but TRUST_PROXY is unset: every client counts as the proxy's address (one rate limit and one captcha for all); set TRUST_PROXY to the proxy's address (README, Configuration)",
    );
  });
  return state;
}
