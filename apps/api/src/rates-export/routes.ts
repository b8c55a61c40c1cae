import { DEFAULT_LOCALE } from "@obmen/contracts";
import { isNotModified } from "@obmen/contracts/conditional-get";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiRoutes } from "../api-routes.ts";
import { loadNewestChangeSeconds } from "./load-newest-change.ts";
import {
  createRatesExportCache,
  type ExportRepresentation,
  type RatesExportSnapshot,
} from "./rates-export-cache.ts";

type ChooseRepresentation = (snapshot: RatesExportSnapshot) => ExportRepresentation;

/**
 * `GET /rates.xml` (BestChange format) and `GET /rates.json` for rate monitors: public,
 * unsigned, conditional (ETag / Last-Modified → 304), served from a snapshot rebuilt once per
 * catalogue change (docs/decisions/004-rates-export.md).
 */
export function registerRatesExportRoutes({ app, deps }: ApiRoutes) {
  let freshUntil: number | null = null;
  const cache = createRatesExportCache({
    // The pair list the calculator uses, so monitors see exactly the site's rates, reserves
    // and limits; its labels' language does not matter here.
    loadEntries: async () => {
      const list = await deps.pairCache.get(DEFAULT_LOCALE);
      freshUntil = list.freshUntil;
      return list.entries;
    },
    entriesFreshUntil: () => freshUntil,
    loadNewestChangeSeconds: () => loadNewestChangeSeconds({ db: deps.db }),
    changes: deps.catalogueChanges,
  });

  const route = (url: string, pick: ChooseRepresentation) =>
    // Not async: with a snapshot at hand the answer is sent without a promise round trip,
    // which is most of what separates this route from bare node:http (bench).
    app.get(url, (request, reply) => {
      const snapshot = cache.peek();
      if (snapshot) {
        send(request, reply, snapshot, pick(snapshot));
        return;
      }
      return cache.get().then((built) => send(request, reply, built, pick(built)));
    });
  route("/rates.xml", (snapshot) => snapshot.xml);
  route("/rates.json", (snapshot) => snapshot.json);
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  snapshot: RatesExportSnapshot,
  representation: ExportRepresentation,
) {
  const { headers } = request;
  const notModified = isNotModified(
    {
      ifNoneMatch: headers["if-none-match"],
      ifModifiedSince: headers["if-modified-since"],
    },
    { etag: representation.etag, lastModifiedSeconds: snapshot.lastModifiedSeconds },
  );
  if (notModified) return reply.code(304).headers(representation.notModifiedHeaders).send();
  return reply.headers(representation.okHeaders).send(representation.body);
}
