import fc from "fast-check";

/**
 * Values a hostile or careless client sends (issue 16 point 1): wrong types, nulls, arrays,
 * huge strings and numbers, exponent and negative amounts, Unicode edge cases (NUL, lone
 * surrogates, right-to-left marks, emoji), prototype keys and deep nesting.
 */
const edgeStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000@example.com",
  "\ud800",
  "x\udfffy",
  "\u202eevil",
  "👩‍👩‍👧‍👦",
  "1e309",
  "-1",
  "-0.0001",
  "0x10",
  "1E+5",
  "NaN",
  "Infinity",
  "00000000-0000-0000-0000-000000000000",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "'; drop table orders; --",
  "__proto__",
  "9".repeat(400),
  "0.".padEnd(300, "1"),
);
/** Long, but mostly under the 64 KB body limit, so the call's own checks see it. */
const hugeString = fc.integer({ min: 1_000, max: 30_000 }).map((length) => "ж".repeat(length));
const numbers = fc.oneof(
  fc.constantFrom(0, -1, -0, 1e308, -1e308, 2 ** 53, 2 ** 31, 1.5, Number.MIN_VALUE),
  fc.double({ noNaN: true }),
  fc.integer(),
);
const leaf = fc.oneof(
  edgeStrings,
  hugeString,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  numbers,
  fc.boolean(),
  fc.constant(null),
);

/** Nesting a few levels deep, and occasionally a hundred (a parser's recursion). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 2, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 2, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 4 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 20, max: 200 })
      .map((depth) =>
        Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: [inner] }), 1),
      ),
  },
);

/** A payload over a call's own field names, each present or not, plus unknown ones. */
export function hostilePayload(knownKeys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(knownKeys.map((key) => [key, hostileValue])), {
    requiredKeys: [],
  });
  const unknown = fc.dictionary(
    fc.oneof(fc.constantFrom("__proto__", "constructor", "toString", "0", ""), fc.string()),
    hostileValue,
    { maxKeys: 2 },
  );
  return fc
    .tuple(known, fc.option(unknown, { freq: 4 }))
    .map(([fields, extra]) => ({ ...(extra ?? {}), ...fields }));
}

/** The envelope's own `lang`, right or wrong. */
export const hostileLang = fc.oneof(
  fc.constantFrom("ru", "en", "uk"),
  fc.constantFrom("", "de", "RU", "ru-RU", "\u0000"),
);
