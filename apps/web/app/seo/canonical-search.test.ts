import { describe, expect, it } from "vitest";
import { canonicalSearch } from "./canonical-search.ts";

describe("canonical query", () => {
  it("keeps a list page number and drops everything else", () => {
    expect(canonicalSearch("?page=2")).toBe("?page=2");
    expect(canonicalSearch("?utm_source=mail&page=12&rid=5")).toBe("?page=12");
    expect(canonicalSearch("?utm_source=mail&confirm_token=1")).toBe("");
    expect(canonicalSearch("")).toBe("");
  });

  it("drops page 1 and page numbers no list accepts", () => {
    for (const search of ["?page=1", "?page=0", "?page=-2", "?page=2.5", "?page=x", "?page="]) {
      expect(canonicalSearch(search), search).toBe("");
    }
  });
});
