import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { RateLimiterPostgres } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { RATE_LIMITER_FLEXIBLE_VERSION } from "../../src/rate-limits/postgres-counters-sql.ts";

// Issue 31 point 4 (decision 051): postgres-counters-sql.ts copies rate-limiter-flexible's
// private RateLimiterPostgres `_upsert` and `_get`. An upgrade may change them without notice,
// so this fails on any other installed version: read the new version's source, update the
// statements (and postgres-counters-contract.pg.test.ts's checks), then the constant.
const require = createRequire(import.meta.url);

function installedVersion(): string {
  const entry = require.resolve("rate-limiter-flexible");
  let dir = dirname(entry);
  while (!dir.endsWith("node_modules/rate-limiter-flexible")) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
}

describe("the SQL copied from rate-limiter-flexible", () => {
  it("was read from the installed version", () => {
    expect(installedVersion()).toBe(RATE_LIMITER_FLEXIBLE_VERSION);
  });

  it("copies methods the library has not changed", () => {
    // Digests of the two private methods' source (white space folded): a patch release that
    // touches either fails here even under the same version number (a fork, a patch-package).
    const digestOf = (name: "_upsert" | "_get") =>
      createHash("sha256")
        .update(String(Reflect.get(RateLimiterPostgres.prototype, name)).replace(/\s+/g, " "))
        .digest("hex");
    expect(digestOf("_upsert")).toBe(
      "0acf7acfefb3536337dc8fa6d4515a9fcc558797cfef560dd7a7b5495e3c0e49",
    );
    expect(digestOf("_get")).toBe(
      "c51bbbb6e15a0ac29b0d6dc12bbf65249e231d7ba3dab02d718d20b42319b394",
    );
  });
});
