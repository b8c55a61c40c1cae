import { waitForHydration } from "./account-helpers.ts";
import { collectErrors } from "./support/console-errors.ts";
import { type BrowserContext, expect, test } from "./support/test.ts";

// The referral cookies in Chromium (spec §4, §9; issue 18): the first partner's rid for 180
// days, a different one as the secondary cookie for 24 hours, the rid gone from the URL, and
// the session-storage rule deciding which one a form passes on. Made-up rids: the cookies
// and the redirect do not depend on the code existing (an unknown one counts no click).
const DAY = 24 * 60 * 60;

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((entry) => entry.name === name);
}

/** Seconds from now until the cookie expires. */
function lifetime(expires: number | undefined): number {
  return (expires ?? 0) - Date.now() / 1000;
}

test("a first visit keeps the partner's rid for 180 days and cleans the URL", async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  const arrived = await page.goto("/faq?utm_source=blog&rid=firstpartner01");
  expect(arrived?.status()).toBe(200);
  await expect(page).toHaveURL(/\/faq\?utm_source=blog$/);
  const rid = await cookie(context, "rid");
  expect(rid?.value).toBe("firstpartner01");
  expect(rid?.path).toBe("/");
  expect(rid?.sameSite).toBe("Lax");
  expect(lifetime(rid?.expires)).toBeGreaterThan(180 * DAY - 120);
  expect(lifetime(rid?.expires)).toBeLessThanOrEqual(180 * DAY);
  expect(await cookie(context, "rid_secondary")).toBeUndefined();
  // The same rid again changes nothing: the first visit's 180 days stand.
  await page.goto("/?rid=firstpartner01");
  await expect(page).toHaveURL(/\/$/);
  expect((await cookie(context, "rid"))?.expires).toBe(rid?.expires);
  expect(await cookie(context, "rid_secondary")).toBeUndefined();
  // No script of the session-storage rule for a visitor without a secondary referral.
  expect(await page.locator('script[src^="/affiliate/"]').count()).toBe(0);
  expect(errors).toEqual([]);
});

test("a different rid becomes the secondary cookie for 24 hours, and a marked tab's forms pass it", async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  await page.goto("/?rid=firstpartner02");
  await page.goto("/en/partner?rid=otherpartner2");
  await expect(page).toHaveURL(/\/en\/partner$/);
  expect((await cookie(context, "rid"))?.value).toBe("firstpartner02");
  const secondary = await cookie(context, "rid_secondary");
  expect(secondary?.value).toBe("otherpartner2");
  expect(lifetime(secondary?.expires)).toBeGreaterThan(DAY - 120);
  expect(lifetime(secondary?.expires)).toBeLessThanOrEqual(DAY);

  // The page after the arrival marked this tab in session storage and dropped the marker.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem("obmen.rid_secondary")))
    .toBe("1");
  await expect.poll(async () => (await cookie(context, "rid_arrived"))?.value ?? null).toBeNull();

  // This tab's sign-up form carries the mark, so the server reads the secondary first.
  await page.goto("/en/?modal=register");
  await waitForHydration(page);
  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && /\/en\/register/.test(request.url()),
  );
  const modal = page.locator("dialog[open]");
  await modal.getByLabel("E-mail").fill(`rid-tab-${Date.now()}@example.com`);
  await modal.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
  await modal.getByRole("checkbox").check();
  await modal.getByRole("button", { name: "Create account" }).click();
  expect((await posted).postData()).toContain("rid_tab=1");

  // A new tab has its own session storage, without the mark: its forms pass the first rid.
  const other = await context.newPage();
  await other.goto("/en/?modal=register");
  await waitForHydration(other);
  expect(await other.evaluate(() => sessionStorage.getItem("obmen.rid_secondary"))).toBeNull();
  const plain = other.waitForRequest(
    (request) => request.method() === "POST" && /\/en\/register/.test(request.url()),
  );
  const otherModal = other.locator("dialog[open]");
  await otherModal.getByLabel("E-mail").fill(`rid-plain-${Date.now()}@example.com`);
  await otherModal.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
  await otherModal.getByRole("checkbox").check();
  await otherModal.getByRole("button", { name: "Create account" }).click();
  expect((await plain).postData()).not.toContain("rid_tab");
  expect(errors).toEqual([]);
});

test("the cookies are set without JavaScript, on the redirect itself", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.request.get("/uk/reserve?rid=nojspartner03", {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/uk/reserve");
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(response.headers()["set-cookie"]).toMatch(
    /^rid=nojspartner03; Max-Age=15552000; Path=\/; SameSite=Lax$/,
  );
  await page.goto("/uk/reserve?rid=nojspartner03");
  await expect(page).toHaveURL(/\/uk\/reserve$/);
  expect((await cookie(context, "rid"))?.value).toBe("nojspartner03");
  await context.close();
});
