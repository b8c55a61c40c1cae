import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseFormData } from "./parse-form-data.ts";

const form = (entries: [string, string | File][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

const Schema = z.strictObject({
  email: z.string().max(10),
  fields: z.record(z.string(), z.string().max(3)),
});
const message = (issue: z.core.$ZodIssue) => `bad ${issue.code}`;

describe("reading a posted form with a schema", () => {
  it("reads dotted names as paths and returns the schema's value", () => {
    const submission = parseFormData(
      form([
        ["email", "a@b.c"],
        ["fields.wallet", "abc"],
        ["fields.memo", "1"],
      ]),
      { schema: Schema, message },
    );
    expect(submission).toEqual({
      success: true,
      value: { email: "a@b.c", fields: { wallet: "abc", memo: "1" } },
      payload: { email: "a@b.c", fields: { wallet: "abc", memo: "1" } },
    });
  });

  it("reports each problem under its input's name, worded by the caller", () => {
    const submission = parseFormData(
      form([
        ["email", "far-too-long@example.com"],
        ["fields.wallet", "abcd"],
        ["extra", "x"],
      ]),
      { schema: Schema, message },
    );
    expect(submission.success).toBe(false);
    expect(!submission.success && submission.errors).toEqual({
      email: "bad too_big",
      "fields.wallet": "bad too_big",
      "": "bad unrecognized_keys",
    });
  });

  it("keeps the first value of a name, files as files, and never a prototype path", () => {
    const file = new File(["%PDF-"], "receipt.pdf", { type: "application/pdf" });
    const submission = parseFormData(
      form([
        ["email", "first"],
        ["email", "second"],
        ["receipt", file],
        ["__proto__.polluted", "yes"],
        ["fields.constructor", "x"],
        ["email.nested", "clash"],
      ]),
      { schema: z.object({ email: z.string(), receipt: z.instanceof(File) }), message },
    );
    expect(submission).toMatchObject({ success: true, value: { email: "first", receipt: file } });
    expect(submission.payload).toEqual({ email: "first", receipt: file });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
