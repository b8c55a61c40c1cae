import { describe, expect, it } from "vitest";
import {
  compareValues,
  nextSort,
  readSort,
  type SortState,
  sortQuery,
  sortRows,
} from "./referral-sort.ts";

describe("referral list sorting (spec §4)", () => {
  it("first click ascending, second descending, third clears", () => {
    let state: SortState = null;
    state = nextSort(state, "reward");
    expect(state).toEqual({ key: "reward", dir: "asc" });
    state = nextSort(state, "reward");
    expect(state).toEqual({ key: "reward", dir: "desc" });
    state = nextSort(state, "reward");
    expect(state).toBeNull();
  });

  it("a click on another column starts that one ascending", () => {
    expect(nextSort({ key: "reward", dir: "desc" }, "pair")).toEqual({ key: "pair", dir: "asc" });
  });

  it("compares numbers numerically, exactly, and other values as strings", () => {
    expect(compareValues("9.5", "10")).toBeLessThan(0);
    expect(compareValues(9, 10)).toBeLessThan(0);
    expect(compareValues("-2", "1")).toBeLessThan(0);
    expect(compareValues("-2", "-10")).toBeGreaterThan(0);
    expect(compareValues("0.000000000000000002", "0.000000000000000001")).toBeGreaterThan(0);
    expect(compareValues("1.50", "1.5")).toBe(0);
    expect(compareValues("completed", "cancelled")).toBeGreaterThan(0);
    // As strings, "10" < "9"; a number and a word compare as strings.
    expect(compareValues("BTC → USDT", "10")).toBeGreaterThan(0);
  });

  it("sorts by created_at ascending by default, stably", () => {
    const rows = [
      { id: "b", created_at: "2026-11-02T00:00:00.000Z", reward: "10" },
      { id: "a", created_at: "2026-11-01T00:00:00.000Z", reward: "9" },
      { id: "c", created_at: "2026-11-03T00:00:00.000Z", reward: "10" },
    ];
    const value = (row: (typeof rows)[number], key: string) =>
      key === "reward" ? row.reward : row.created_at;
    expect(sortRows(rows, null, value).map((row) => row.id)).toEqual(["a", "b", "c"]);
    expect(sortRows(rows, { key: "reward", dir: "asc" }, value).map((row) => row.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(sortRows(rows, { key: "reward", dir: "desc" }, value).map((row) => row.id)).toEqual([
      "b",
      "c",
      "a",
    ]);
  });

  it("reads and writes the state in the URL, keeping the page", () => {
    const params = new URLSearchParams("page=2&sort=reward&dir=desc");
    expect(readSort(params)).toEqual({ key: "reward", dir: "desc" });
    expect(readSort(new URLSearchParams("sort=email&dir=asc"))).toBeNull();
    expect(readSort(new URLSearchParams("sort=reward&dir=up"))).toBeNull();
    expect(sortQuery(params, null)).toBe("?page=2");
    expect(sortQuery(new URLSearchParams(), { key: "pair", dir: "asc" })).toBe(
      "?sort=pair&dir=asc",
    );
  });
});
