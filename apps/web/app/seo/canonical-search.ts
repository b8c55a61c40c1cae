/** A list page number as the news and blog lists accept it (digits, no sign, no zero). */
const PAGE_NUMBER = /^[1-9]\d{0,8}$/;

/**
 * The part of a query that names a different page, kept in canonical and hreflang URLs: only
 * `page` of a list (`?page=2`). Tracking (`utm_*`), referral (`rid`), modal and other
 * parameters show the same page and are dropped; `page=1` is the list itself.
 */
export function canonicalSearch(search: string): string {
  const page = new URLSearchParams(search).get("page");
  return page !== null && PAGE_NUMBER.test(page) && page !== "1" ? `?page=${page}` : "";
}
