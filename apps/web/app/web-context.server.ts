import type { ObmenClient } from "@obmen/contracts/sdk";
import { createContext, RouterContextProvider } from "react-router";

/**
 * What the Fastify adapter hands every loader and action (docs/decisions/003-web-tier.md).
 * React Router 8 always passes a `RouterContextProvider` as `context` (the v7 `AppLoadContext`
 * augmentation is gone), so the values live under a typed context key:
 * `const { api, clientIp } = context.get(webContext)`.
 */
export interface WebContext {
  /** The signed-API SDK. It holds the web tier's API secret, so it exists only on the server. */
  api: ObmenClient;
  /** The visitor's IP as Fastify resolved it (honouring `trustProxy`); the API wants it in every call. */
  clientIp: string;
  /**
   * The site's public origin from `APP_URL` (e.g. `https://obmen.example`), for absolute URLs:
   * canonical links, sitemap.xml, robots.txt. Never taken from the Host header, which the
   * client controls.
   */
  appOrigin: string;
  /** Third-party widget scripts (spec §1, §9); absent ones are not loaded. */
  widgets: WidgetScripts;
  /** The request's logger (Fastify's `request.log`: JSON lines with the request id). */
  log: WebLog;
}

/** What loaders and actions log through: pino's shape, details first. */
export interface WebLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WidgetScripts {
  chatSrc?: string;
  callbackSrc?: string;
}

export const webContext = createContext<WebContext>();

/**
 * Exported from the server build (see entry.server.tsx) so the adapter sets the value under the
 * very key object the routes read: a copy of this module imported outside the build would
 * create a different key.
 */
export function createLoadContext(values: WebContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(webContext, values);
  return context;
}
