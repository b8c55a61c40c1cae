import { describe, expect, it } from "vitest";
import {
  type PaginationItem,
  pageExists,
  pageHref,
  paginationItems,
  parsePageParam,
} from "./page-param.ts";

const parse = (query: string) => parsePageParam(new URLSearchParams(query));

describe("parsePageParam", () => {
  it("reads the first page when there is no parameter", () => {
    expect(parse("")).toBe(1);
    expect(parse("other=3")).toBe(1);
  });

  it("accepts plain positive integers", () => {
    expect(parse("page=1")).toBe(1);
    expect(parse("page=2")).toBe(2);
    expect(parse("page=100000")).toBe(100_000);
  });

  it.each(["0", "-1", "abc", "1.5", "01", "+2", " 2", "2 ", "", "1e3", "100001", "9999999999"])(
    "refuses page=%j",
    (value) => {
      expect(parse(`page=${encodeURIComponent(value)}`)).toBeNull();
    },
  );

  it("refuses a repeated parameter", () => {
    expect(parse("page=2&page=3")).toBeNull();
  });
});

describe("pageExists", () => {
  it("knows the pages of a list and its empty first page", () => {
    expect(pageExists(1, 0)).toBe(true);
    expect(pageExists(2, 0)).toBe(false);
    expect(pageExists(3, 3)).toBe(true);
    expect(pageExists(4, 3)).toBe(false);
  });
});

describe("pageHref", () => {
  it("leaves the first page without a query", () => {
    expect(pageHref("/en/news", 1)).toBe("/en/news");
    expect(pageHref("/en/news", 4)).toBe("/en/news?page=4");
  });
});

const render = (items: PaginationItem[]) =>
  items.map((item) => (item.kind === "gap" ? "…" : String(item.page))).join(" ");

describe("paginationItems", () => {
  it("shows nothing for a single page", () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, 1)).toEqual([]);
  });

  it("shows every page of a short list", () => {
    expect(render(paginationItems(1, 2))).toBe("1 2");
    expect(render(paginationItems(3, 5))).toBe("1 2 3 4 5");
  });

  it("puts gaps around the current page in a long list", () => {
    expect(render(paginationItems(1, 20))).toBe("1 2 … 20");
    expect(render(paginationItems(10, 20))).toBe("1 … 9 10 11 … 20");
    expect(render(paginationItems(20, 20))).toBe("1 … 19 20");
  });

  it("shows a lone hidden page instead of a gap", () => {
    expect(render(paginationItems(4, 20))).toBe("1 2 3 4 5 … 20");
    expect(render(paginationItems(17, 20))).toBe("1 … 16 17 18 19 20");
  });

  it("widens the window with more siblings", () => {
    expect(render(paginationItems(10, 20, 2))).toBe("1 … 8 9 10 11 12 … 20");
  });

  it("gives gaps distinct keys", () => {
    const keys = paginationItems(10, 20)
      .filter((item) => item.kind === "gap")
      .map((item) => (item.kind === "gap" ? item.key : ""));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
