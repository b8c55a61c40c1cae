import {
  AdminContentEntryResponse,
  AdminContentListQuery,
  AdminContentListResponse,
  AdminContentParams,
  AdminContentPatch,
  AdminCreateContentRequest,
} from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { listContent } from "./list-content.ts";
import { createContentEntry, loadContentEntry, updateContentEntry } from "./save-content-entry.ts";

/** The site's texts are the editor's; an admin may do everything (decision 028). */
const CONTENT = ["admin", "editor"] as const;

/** The editor's content calls (issue 14, decision 032): the rows `/content/*` serves. */
export function registerAdminContentRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/content",
    summary:
      "The site's texts, published or not: pages, news, blog posts, FAQ; filter by kind, search slug and titles",
    role: CONTENT,
    query: AdminContentListQuery,
    response: AdminContentListResponse,
    handler: ({ query }) => listContent({ db: deps.db, query }),
  });

  define({
    method: "GET",
    path: "/admin/api/content/{id}",
    summary: "One text with its Markdown in every language it has",
    role: CONTENT,
    params: AdminContentParams,
    response: AdminContentEntryResponse,
    handler: ({ params }) => loadContentEntry({ db: deps.db, id: params.id }),
  });

  define({
    method: "POST",
    path: "/admin/api/content",
    summary:
      "A new news item, blog post or FAQ question (Markdown in ru, optionally en and uk); on the site at once unless unpublished",
    role: CONTENT,
    body: AdminCreateContentRequest,
    response: AdminContentEntryResponse,
    handler: ({ body, caller, ip }) =>
      createContentEntry({
        db: deps.db,
        contentChanges: deps.contentChanges,
        request: body,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });

  define({
    method: "PATCH",
    path: "/admin/api/content/{id}",
    summary:
      "Change a text's slug, date, order, languages, or publish and unpublish it; on the site at once, audited",
    role: CONTENT,
    params: AdminContentParams,
    body: AdminContentPatch,
    response: AdminContentEntryResponse,
    handler: ({ params, body, caller, ip }) =>
      updateContentEntry({
        db: deps.db,
        contentChanges: deps.contentChanges,
        id: params.id,
        patch: body,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });
}
