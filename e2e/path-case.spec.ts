import { PAGE_PATHS, ROOT_FILE_PATHS } from "../apps/web/app/routing/page-paths.ts";
import { expect, test } from "./support/test.ts";

// Decision 021: the fixed words of every route are case-insensitive and move (301) to their
// lower-case spelling in one hop; tokens, ids, slugs and codes keep their case; no spelling of
// a path is ever a 5xx. Walks the route table itself, so a new page is covered at once.
const VALUES: Record<string, string> = {
  ":token": "MiXeD_Token-0123456789",
  ":id": "4fD2a0C1-Ab",
  ":slug": "New-Rates-In-May",
  ":file": "468x60-RU.svg",
  ":from": "BTC",
  ":to": "SBERRUB",
  ":to?": "SBERRUB",
  ":suffix?": "Old-Campaign",
  "*": "Some/Where",
};
const PREFIXES = ["", "/en", "/uk"] as const;
const SPELLINGS = {
  upper: (word: string) => word.toUpperCase(),
  capitalised: (word: string) => word.charAt(0).toUpperCase() + word.slice(1),
};

function pathFor(pattern: string, spell: (word: string) => string): string {
  return `/${pattern
    .split("/")
    .map((part) => VALUES[part] ?? spell(part))
    .join("/")}`;
}

const hasFixedWord = (pattern: string) =>
  pattern.split("/").some((part) => part !== "*" && !part.startsWith(":"));

const cases = [
  ...ROOT_FILE_PATHS.map((file) => ({ prefix: "", pattern: file.path })),
  ...PREFIXES.flatMap((prefix) =>
    PAGE_PATHS.flatMap((page) => (page.path === null ? [] : [{ prefix, pattern: page.path }])),
  ),
];

test("every route in upper and mixed case: 301 to the lower-case path, or 200/404; never 5xx", async ({
  request,
}) => {
  for (const { prefix, pattern } of cases) {
    const canonical = `${prefix}${pathFor(pattern, (word) => word)}`;
    for (const spell of Object.values(SPELLINGS)) {
      const path = `${prefix}${pathFor(pattern, spell)}`;
      const response = await request.get(path, { maxRedirects: 0 });
      if (hasFixedWord(pattern)) {
        expect(response.status(), path).toBe(301);
        expect(response.headers().location, path).toBe(canonical);
      } else {
        // Codes and unknown words are the shortcut's and the 404 page's business.
        expect([200, 301, 404], path).toContain(response.status());
      }
    }
    const answer = await request.get(canonical, { maxRedirects: 0 });
    expect(answer.status(), canonical).toBeLessThan(500);
  }
});

test("the locale prefix and the path's case are fixed in one hop, with the query kept", async ({
  request,
}) => {
  const response = await request.get("/EN/Restore/MiXeD_Token-0123456789?x=1", {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/en/restore/MiXeD_Token-0123456789?x=1");
  // The link then works: the token keeps its case in the cookie it is stored in.
  const link = await request.get("/en/restore/MiXeD_Token-0123456789", { maxRedirects: 0 });
  expect(link.status()).toBe(302);
  expect(link.headers()["set-cookie"]).toContain("reset_token=MiXeD_Token-0123456789;");
});

test("a form post to a link's action in another case is handled, not a 5xx", async ({
  request,
  baseURL,
}) => {
  // From the site itself, as a browser's post says (decision 033).
  const headers = { origin: new URL(baseURL!).origin };
  for (const path of ["/Restore/complete", "/EN/CONFIRM/complete", "/uk/Confirm-Login/complete"]) {
    const response = await request.post(path, {
      form: { intent: "dismiss" },
      headers,
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(200);
  }
});
