import { data } from "react-router";
import { isCrossSitePost, isFormBody } from "../account/same-origin.server.ts";
import { getServerT } from "../i18n/catalogs.server.ts";
import type { Locale } from "../i18n/locale.ts";
import type { RefusedPost } from "./refused-post.ts";

/**
 * The check in front of every action and resource-route post (root middleware; issue 16
 * point 8, docs/decisions/033): a post from another site, or one that nothing shows came from
 * ours, is a 403; a body that is no HTML form is a 415. Thrown as route data, never an
 * exception: no 500, nothing logged, the page in the visitor's language.
 */
export function refuseForeignPost(
  request: Request,
  options: { locale: Locale; appOrigin: string },
): void {
  if (isCrossSitePost(request, [options.appOrigin])) {
    throw refusal(options.locale, 403, "Account.Errors.CrossSite");
  }
  if (!isFormBody(request)) throw refusal(options.locale, 415, "Account.Errors.NotAForm");
}

function refusal(
  locale: Locale,
  status: 403 | 415,
  messageKey: "Account.Errors.CrossSite" | "Account.Errors.NotAForm",
) {
  const t = getServerT(locale);
  const body: RefusedPost = {
    kind: "refused-post",
    title: t("ErrorPage.Refused.Title"),
    message: t(messageKey),
    homeLabel: t("ErrorPage.Button"),
    siteName: t("Site.Name"),
  };
  return data(body, { status });
}
