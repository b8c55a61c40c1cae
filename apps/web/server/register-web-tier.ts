import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DEFAULT_LOCALE, LOCALES } from "@obmen/contracts";
import type { ObmenClient } from "@obmen/contracts/sdk";
import type { FastifyInstance } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { createLoadContext, WidgetScripts } from "../app/web-context.server.ts";
import { registerAdminConsole } from "./admin-console.ts";
import { sendFetchResponse, sendSharedPage, toFetchRequest } from "./fetch-bridge.ts";
import { createPageMicrocache } from "./page-microcache.ts";
import { loadStaticFiles, registerStaticFiles } from "./static-files.ts";

export interface WebTierOptions {
  /** The signed-API SDK loaders call on the visitor's behalf; it never reaches the browser. */
  api: ObmenClient;
  /** The site's public URL (`APP_URL`); its origin makes canonical, sitemap and robots URLs. */
  appUrl: string;
  /** Chat and call-back widget scripts (`CHAT_WIDGET_SRC`, `CALLBACK_WIDGET_SRC`). */
  widgets?: WidgetScripts;
  /** The `react-router build` output; defaults to `apps/web/build`. */
  buildDir?: string;
  /** Only the built (production) site is served for now; see docs/decisions/003-web-tier.md. */
  mode?: "production";
}

const DEFAULT_BUILD_DIR = fileURLToPath(new URL("../build", import.meta.url));

// Paths the API tier owns: an unknown one must get the API's 404, not an HTML page.
const NOT_FOR_PAGES = ["/rest/", "/api/", "/content/", "/assets/"];

const HOME_PATHS = LOCALES.map((locale) => (locale === DEFAULT_LOCALE ? "/" : `/${locale}`));
// Rates in the page's pair list are already up to a second old (the layout's list cache).
const HOME_CACHE_TTL_MS = 1_000;

/** What our entry.server.tsx adds to React Router's server entry module. */
interface WebServerEntry {
  createLoadContext?: typeof createLoadContext;
}

/**
 * Mounts the server-rendered site on the same Fastify instance as the API (decision 003):
 * built client assets, then every other GET/HEAD/POST goes to React Router. Register it after
 * the API routes; their exact and prefix routes still win over this catch-all.
 */
export async function registerWebTier(
  app: FastifyInstance,
  options: WebTierOptions,
): Promise<void> {
  const buildDir = options.buildDir ?? DEFAULT_BUILD_DIR;
  const serverEntry = join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) {
    throw new Error(`web tier: no server build at ${serverEntry}; run \`npm run build\` first`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const makeContext = (build.entry.module as WebServerEntry).createLoadContext;
  if (typeof makeContext !== "function") {
    throw new Error(
      "web tier: the server build does not export createLoadContext (app/entry.server.tsx)",
    );
  }
  // Every post's origin is judged by the root middleware (app/account/same-origin.server.ts)
  // against the request's and APP_URL's origins, with a 403 page in the visitor's language.
  // React Router's own check compares `Origin` with the request's URL only, so behind a TLS
  // proxy without TRUST_PROXY it refused every legitimate post (https vs http), and it answers
  // a bare 400 with a logged stack trace: it lets every origin through to ours instead
  // (docs/decisions/033). Its check never covered resource routes; ours does.
  const handleRequest = createRequestHandler(
    { ...build, allowedActionOrigins: ["**"] },
    options.mode ?? "production",
  );
  const clientDir = join(buildDir, "client");
  const staticFiles = await loadStaticFiles(clientDir);
  const appOrigin = new URL(options.appUrl).origin;
  const widgets = { ...options.widgets };

  // The home pages are the same for every anonymous visitor: render each at most once a second.
  const homeCache = createPageMicrocache({ paths: HOME_PATHS, ttlMs: HOME_CACHE_TTL_MS });

  // The operator console's own bundle under /admin (docs/decisions/030-operator-console-ui.md).
  await registerAdminConsole(app);

  // Encapsulated: the parser changes below apply to the site's routes only, not to the API.
  await app.register(async function webTier(web) {
    // One route per built file, from memory (static-files.ts), instead of a `/*` route that
    // would clash with the page catch-all below.
    registerStaticFiles(web, staticFiles);

    // React Router actions read form posts themselves (request.formData()), so Fastify must
    // leave every body unread: no parsers, and a catch-all that consumes nothing.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser("*", (_request, _payload, done) => done(null));

    web.route({
      method: ["GET", "HEAD", "POST"],
      url: "*",
      handler: async (request, reply) => {
        if (NOT_FOR_PAGES.some((prefix) => request.url.startsWith(prefix))) {
          return reply.callNotFound();
        }
        const context = makeContext({
          api: options.api,
          clientIp: request.ip,
          appOrigin,
          widgets,
          log: request.log,
        });
        const cacheKey = homeCache.keyFor({
          method: request.method,
          url: request.url,
          cookie: request.headers.cookie,
        });
        if (cacheKey !== null) {
          return sendSharedPage(request, reply, {
            cache: homeCache,
            key: cacheKey,
            render: (pageRequest) => handleRequest(pageRequest, context),
          });
        }
        const controller = new AbortController();
        // Stop rendering when the visitor goes away, but not after a completed response.
        reply.raw.once("close", () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        const fetchRequest = toFetchRequest(request, controller.signal);
        if (fetchRequest === "too-large") return reply.code(413).send();
        const response = await handleRequest(fetchRequest, context);
        return sendFetchResponse(request, reply, response);
      },
    });
  });
}
