import { describe, expect, it } from "vitest";
import { shouldSeedDemo } from "../src/index.ts";

describe("shouldSeedDemo", () => {
  it("seeds the embedded database unless told not to", () => {
    expect(shouldSeedDemo({ engine: "pglite", seedDemo: undefined })).toBe(true);
    expect(shouldSeedDemo({ engine: "pglite", seedDemo: false })).toBe(false);
  });

  it("seeds PostgreSQL only when asked to", () => {
    expect(shouldSeedDemo({ engine: "postgres", seedDemo: undefined })).toBe(false);
    expect(shouldSeedDemo({ engine: "postgres", seedDemo: true })).toBe(true);
  });
});
