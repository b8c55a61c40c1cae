import { data } from "react-router";
import { isApiCallError } from "../api-call-error.ts";

/**
 * Runs a content call; an unknown slug (the API's 404) becomes this site's 404 page with the
 * spec's message. Any other failure propagates to the error page: unlike the pair list
 * (spec §8), a content page has nothing to show without its text.
 */
export async function loadOr404<T>(url: URL, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isApiCallError(error) && error.status === 404) throw notFound(url);
    throw error;
  }
}

export function notFound(url: URL) {
  return data(`Page Not Found: ${url.pathname}`, { status: 404 });
}
