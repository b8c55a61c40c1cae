import { isNotModified } from "@obmen/contracts/conditional-get";
import { describe, expect, it } from "vitest";
import { createLocalCatalogueChanges } from "../../src/catalogue/catalogue-changes.ts";
import {
  createRatesExportCache,
  nextLastModifiedSeconds,
} from "../../src/rates-export/rates-export-cache.ts";
import { pairEntry } from "./pair-entry-fixture.ts";

describe("isNotModified", () => {
  const validators = { etag: '"abc"', lastModifiedSeconds: 1_700_000_000 };
  const at = (seconds: number) => new Date(seconds * 1000).toUTCString();

  it("matches If-None-Match weakly, in a list, and on *", () => {
    expect(isNotModified({ ifNoneMatch: '"abc"' }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: 'W/"abc"' }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"x", "abc"' }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: "*" }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"abcd"' }, validators)).toBe(false);
    expect(isNotModified({ ifNoneMatch: "abc" }, validators)).toBe(false);
  });

  it("compares If-Modified-Since to the second and ignores a bad date", () => {
    expect(isNotModified({ ifModifiedSince: at(1_700_000_000) }, validators)).toBe(true);
    expect(isNotModified({ ifModifiedSince: at(1_700_000_100) }, validators)).toBe(true);
    expect(isNotModified({ ifModifiedSince: at(1_699_999_999) }, validators)).toBe(false);
    expect(isNotModified({ ifModifiedSince: "yesterday" }, validators)).toBe(false);
    expect(isNotModified({}, validators)).toBe(false);
  });

  it("lets If-None-Match decide when both are sent (RFC 9110 §13.2.2)", () => {
    const fresh = at(1_700_000_100);
    expect(isNotModified({ ifNoneMatch: '"old"', ifModifiedSince: fresh }, validators)).toBe(false);
  });
});

describe("nextLastModifiedSeconds", () => {
  it("is the newest change, never in the future", () => {
    const base = { bodyChanged: false, previousSeconds: null };
    expect(nextLastModifiedSeconds({ ...base, newestChangeSeconds: 100, nowSeconds: 200 })).toBe(
      100,
    );
    expect(nextLastModifiedSeconds({ ...base, newestChangeSeconds: 300, nowSeconds: 200 })).toBe(
      200,
    );
  });

  it("moves past the previous date when the body changed without a newer timestamp", () => {
    const changed = { newestChangeSeconds: 100, nowSeconds: 200, bodyChanged: true };
    expect(nextLastModifiedSeconds({ ...changed, previousSeconds: 100 })).toBe(101);
    expect(nextLastModifiedSeconds({ ...changed, previousSeconds: 50 })).toBe(100);
    expect(nextLastModifiedSeconds({ ...changed, bodyChanged: false, previousSeconds: 100 })).toBe(
      100,
    );
    expect(nextLastModifiedSeconds({ ...changed, nowSeconds: 100, previousSeconds: 100 })).toBe(
      100,
    );
  });
});

describe("createRatesExportCache", () => {
  const entry = (receiveRate: string) =>
    pairEntry({
      send: { urlXml: "BTC", code: "BTC", decimal: 8 },
      receive: { urlXml: "SBERRUB", code: "RUB", kind: "bank" },
      sendRate: "1",
      receiveRate,
    });

  function setup() {
    const changes = createLocalCatalogueChanges();
    const state = { rate: "100", loads: 0, newest: 1_000 };
    const cache = createRatesExportCache({
      loadEntries: async () => {
        state.loads++;
        return [entry(state.rate)];
      },
      loadNewestChangeSeconds: async () => state.newest,
      changes,
      now: () => 5_000_000,
    });
    return { cache, changes, state };
  }

  it("builds once per change however many requests arrive, and shares a build in flight", async () => {
    const { cache, changes, state } = setup();
    expect(cache.peek()).toBeUndefined();
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    await cache.get();
    expect(cache.peek()).toBe(a);
    expect(state.loads).toBe(1);

    state.rate = "200";
    await changes.publish();
    expect(cache.peek()).toBeUndefined();
    const rebuilt = await cache.get();
    expect(state.loads).toBe(2);
    expect(rebuilt.xml.body.toString()).toContain("<out>200</out>");
    expect(rebuilt.xml.etag).not.toBe(a.xml.etag);
    expect(rebuilt.json.etag).not.toBe(rebuilt.xml.etag);
  });

  it("serves but does not keep a build overtaken by a change", async () => {
    const { cache, changes, state } = setup();
    const pending = cache.get();
    await changes.publish();
    await pending;
    expect(cache.peek()).toBeUndefined();
    await cache.get();
    expect(state.loads).toBe(2);
  });

  it("gives equal bodies equal tags and moves Last-Modified only when the body changes", async () => {
    const { cache, changes, state } = setup();
    const first = await cache.get();
    expect(first.lastModifiedSeconds).toBe(1_000);
    expect(first.xml.okHeaders).toMatchObject({
      etag: first.xml.etag,
      "last-modified": new Date(1_000_000).toUTCString(),
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=5",
    });
    expect(first.json.okHeaders["content-type"]).toBe("application/json; charset=utf-8");

    await changes.publish();
    const same = await cache.get();
    expect(same.xml.etag).toBe(first.xml.etag);
    expect(same.lastModifiedSeconds).toBe(1_000);

    // Content changed but no newer updated_at (e.g. a deleted row): the date still moves.
    state.rate = "300";
    await changes.publish();
    expect((await cache.get()).lastModifiedSeconds).toBe(1_001);
  });
});
