import { CONTENT_PAGE_MAX } from "@obmen/contracts";

/**
 * Reads `?page=` of a list (spec §2: `/news?page={n}`). Missing means the first page; anything
 * but a plain positive integer (`0`, `-1`, `abc`, `1.5`, `01`, a repeated param) is not a page
 * of this list, so the caller answers 404 rather than guessing.
 */
export function parsePageParam(searchParams: URLSearchParams): number | null {
  const values = searchParams.getAll("page");
  if (values.length === 0) return 1;
  const [value] = values;
  if (values.length > 1 || value === undefined || !/^[1-9]\d{0,8}$/.test(value)) return null;
  const page = Number(value);
  return page <= CONTENT_PAGE_MAX ? page : null;
}

/** A page past the end does not exist; an empty list still has its (empty) first page. */
export function pageExists(page: number, pages: number): boolean {
  return page <= Math.max(pages, 1);
}

/** The address of one page of a list: page 1 is the bare path, the canonical one. */
export function pageHref(path: string, page: number): string {
  return page === 1 ? path : `${path}?page=${page}`;
}

export type PaginationItem = { kind: "page"; page: number } | { kind: "gap"; key: string };

/**
 * The page numbers a pagination bar shows: always the first and last, the current one with
 * `siblings` on each side, and a gap where pages are left out. A gap never hides a single
 * page: showing that number takes the same room and saves a click.
 */
export function paginationItems(current: number, pages: number, siblings = 1): PaginationItem[] {
  if (pages <= 1) return [];
  const shown = new Set<number>([1, pages]);
  for (let page = current - siblings; page <= current + siblings; page++) {
    if (page >= 1 && page <= pages) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ kind: "page", page: page - 1 });
    else if (page - previous > 2) items.push({ kind: "gap", key: `gap-${previous}` });
    items.push({ kind: "page", page });
    previous = page;
  }
  return items;
}
