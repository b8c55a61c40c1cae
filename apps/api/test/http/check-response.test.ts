import { dataResponse } from "@obmen/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { checkResponseBody, ResponseSchemaMismatch } from "../../src/http/check-response.ts";

const Answer = dataResponse(
  z.object({ id: z.number().int(), tags: z.array(z.object({ name: z.string() })) }),
);
const check = (json: string) => checkResponseBody({ path: "/rest/thing", schema: Answer, json });

describe("checking an answer against its declared schema", () => {
  afterEach(() => vi.restoreAllMocks());

  it("accepts an answer the schema describes exactly", () => {
    expect(() => check('{"data":{"id":1,"tags":[{"name":"a"}]}}')).not.toThrow();
  });

  it.each([
    ['{"data":{"id":"1","tags":[]}}', "expected number"],
    ['{"data":{"id":1}}', "tags"],
    ['{"data":{"id":1,"tags":[{"name":"a","secret":"x"}]}}', "data.tags.0.secret is not declared"],
    ['{"data":{"id":1,"tags":[]},"debug":true}', "debug is not declared"],
  ])("refuses %s, naming what is wrong, and says so on the console", (json, problem) => {
    const console = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    expect(() => check(json)).toThrow(ResponseSchemaMismatch);
    expect(() => check(json)).toThrow(problem);
    expect(console).toHaveBeenCalledWith(expect.stringContaining("/rest/thing"));
  });

  it("refuses an answer a schema's default or transform would change", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Defaulted = dataResponse(z.object({ id: z.number(), note: z.string().default("") }));
    expect(() =>
      checkResponseBody({ path: "/rest/thing", schema: Defaulted, json: '{"data":{"id":1}}' }),
    ).toThrow("data.note is added by the schema");
  });
});
