import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `http/` is the API's plumbing (envelope, replay guard, errors): features build on it, never
 * the other way round (issue 31 point 4). A file under it that imports from a feature folder
 * (`account/`, `orders/`, …) is the cycle this test keeps out. Shared infrastructure beside it
 * (`rate-limits/`, `batching/`, `openapi/`) may be imported.
 */
const SRC = join(import.meta.dirname, "../../src");
const INFRASTRUCTURE = new Set(["http", "rate-limits", "batching", "openapi"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("apps/api/src/http", () => {
  it("imports from no feature folder", () => {
    const features = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !INFRASTRUCTURE.has(entry.name))
      .map((entry) => entry.name);
    expect(features).toContain("account");
    const offending = filesUnder(join(SRC, "http")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/from\s+"(\.\.\/[^"]+)"/g)]
        .map((match) => match[1] as string)
        .filter((path) => features.some((feature) => path.startsWith(`../${feature}/`)))
        .map((path) => `${relative(SRC, file)} → ${path}`),
    );
    expect(offending).toEqual([]);
  });
});
