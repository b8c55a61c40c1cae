import {
  AppError,
  ContentArticleResponse,
  ContentIndexQuery,
  ContentIndexResponse,
  ContentLangQuery,
  type ContentList,
  type ContentListItem,
  ContentListQuery,
  ContentListResponse,
  ContentPageResponse,
  type DataResponseSchema,
  ErrorCode,
  FaqListResponse,
} from "@obmen/contracts";
import { isNotModified } from "@obmen/contracts/conditional-get";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ApiClientLookup } from "../http/api-clients.ts";
import { checkResponseBody } from "../http/check-response.ts";
import type { ApiKeyRouteDoc } from "../openapi/build-openapi.ts";
import { checkApiKey } from "./check-api-key.ts";
import type { ContentCache, ContentRepresentation, ContentSnapshot } from "./content-cache.ts";
import { readContentQuery } from "./read-content-query.ts";

/**
 * A minute: an edited text reaches readers quickly, yet a burst of readers (or a CDN in
 * front) costs the API one answer per URL per minute.
 */
const CONTENT_CACHE_CONTROL = "public, max-age=60";

type Params = { slug?: string };

interface ContentRouteSpec<Q extends z.ZodObject> {
  /** Fastify path; `:slug` becomes `{slug}` in the OpenAPI document. */
  url: string;
  summary: string;
  query: Q;
  response: DataResponseSchema;
  /** The answer from the snapshot, or null for a 404. */
  answer: (
    snapshot: ContentSnapshot,
    query: z.output<Q>,
    params: Params,
  ) => ContentRepresentation | null;
}

/**
 * `GET /content/*` (spec §7): pages, news, blog, FAQ and the sitemap index. Unsigned: `lang`
 * in the query, the client's public key in `X-Api-Key`. Every answer comes from the content
 * cache, carries a strong ETag and is answered 304 when the client already has it.
 */
export function registerContentRoutes(options: {
  app: FastifyInstance;
  clients: ApiClientLookup;
  cache: ContentCache;
  docs: ApiKeyRouteDoc[];
  /** Check each answer against the route's response schema (tests; http/check-response.ts). */
  checkResponses?: boolean;
}) {
  const { app, clients, cache, docs } = options;

  function route<Q extends z.ZodObject>(spec: ContentRouteSpec<Q>) {
    docs.push({
      path: spec.url.replace(/:(\w+)/g, "{$1}"),
      summary: spec.summary,
      query: spec.query,
      response: spec.response,
    });
    app.get(spec.url, async (request, reply) => {
      // The key first: an unknown caller learns nothing about which queries are valid.
      await checkApiKey(request, clients);
      const query = readContentQuery(spec.query, request.query);
      if (typeof query.lang === "string") request.apiLang = query.lang as typeof request.apiLang;
      const answer = spec.answer(await cache.get(), query, request.params as Params);
      if (!answer) throw new AppError(ErrorCode.NOT_FOUND);
      if (options.checkResponses) {
        checkResponseBody({ path: spec.url, schema: spec.response, json: answer.body.toString() });
      }
      return sendAnswer(request, reply, answer);
    });
  }

  const article = (feed: "news" | "blog") => ({
    url: `/content/${feed}/:slug`,
    query: ContentLangQuery,
    response: ContentArticleResponse,
    answer: (snapshot: ContentSnapshot, { lang }: ContentLangQuery, { slug = "" }: Params) =>
      snapshot.answer(`${feed}/${lang}/${slug}`, () => snapshot.views(lang)[feed].bySlug.get(slug)),
  });
  const list = (feed: "news" | "blog") => ({
    url: `/content/${feed}`,
    query: ContentListQuery,
    response: ContentListResponse,
    answer: (snapshot: ContentSnapshot, query: ContentListQuery) =>
      snapshot.answer(`${feed}/${query.lang}?${query.page},${query.per_page}`, () =>
        paginate(snapshot.views(query.lang)[feed].items, query.page, query.per_page),
      ),
  });

  route({
    url: "/content/pages/:slug",
    summary: "A static page (about, rules, agreement, partner, contact, forgot)",
    query: ContentLangQuery,
    response: ContentPageResponse,
    answer: (snapshot, { lang }, { slug = "" }) =>
      snapshot.answer(`page/${lang}/${slug}`, () => snapshot.views(lang).pages.get(slug)),
  });
  route({ ...list("news"), summary: "News, newest first, one page of the list" });
  route({ ...article("news"), summary: "One news article" });
  route({ ...list("blog"), summary: "Blog posts, newest first, one page of the list" });
  route({ ...article("blog"), summary: "One blog post" });
  route({
    url: "/content/faq",
    summary: "Every FAQ question in order, with its section key and rendered answer",
    query: ContentLangQuery,
    response: FaqListResponse,
    answer: (snapshot, { lang }) =>
      snapshot.answer(`faq/${lang}`, () => ({ items: snapshot.views(lang).faq })),
  });
  route({
    url: "/content/index",
    summary: "Slugs and last changes of pages, news and blog, for sitemap.xml",
    query: ContentIndexQuery,
    response: ContentIndexResponse,
    answer: (snapshot) => snapshot.answer("index", () => snapshot.index()),
  });
}

/** A page past the end has no items but still tells the real total, so a client can recover. */
function paginate(items: readonly ContentListItem[], page: number, perPage: number): ContentList {
  const start = (page - 1) * perPage;
  return {
    items: items.slice(start, start + perPage),
    page,
    per_page: perPage,
    total: items.length,
    pages: Math.ceil(items.length / perPage),
  };
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: ContentRepresentation) {
  reply.header("cache-control", CONTENT_CACHE_CONTROL).header("etag", answer.etag);
  const ifNoneMatch = request.headers["if-none-match"];
  if (isNotModified({ ifNoneMatch }, { etag: answer.etag, lastModifiedSeconds: 0 })) {
    return reply.code(304).send();
  }
  return reply.type("application/json; charset=utf-8").send(answer.body);
}
