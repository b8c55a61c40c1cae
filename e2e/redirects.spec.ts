import type { IncomingMessage, ServerResponse } from "node:http";
import { AxeBuilder } from "@axe-core/playwright";
import { AUTH_TEXTS, registerAndConfirm, uniqueEmail } from "./account-helpers.ts";
import { notFoundLine } from "./support/not-found-line.ts";
import {
  type LoopbackServer,
  type RunningObmen,
  startLoopback,
  startObmen,
} from "./support/obmen-server.ts";
import { type BrowserContext, expect, type Page, test } from "./support/test.ts";

// Spec §2's redirect rules and the auth-link modals, against the suite's server (made-up tokens,
// so a link is answered NOT_FOUND, "invalid or expired", or for a login change by an anonymous
// visitor, "log in first"). Expected texts are written out, so a missing translation fails.
const TOKEN = "e2eToken_0123456789-abcdef";

const LOCALES = [
  {
    lang: "ru",
    prefix: "",
    home: "/",
    titles: {
      restore: "Новый пароль",
      confirm: "Подтверждение почты",
      "confirm-login": "Подтверждение новой почты",
    },
    invalid: "Ссылка недействительна или устарела.",
    loginFirst: "Новый адрес подтверждает владелец аккаунта",
    close: "Закрыть",
  },
  {
    lang: "en",
    prefix: "/en",
    home: "/en",
    titles: {
      restore: "New password",
      confirm: "Confirm your e-mail",
      "confirm-login": "Confirm your new e-mail",
    },
    invalid: "This link is invalid or has expired.",
    loginFirst: "Only the account's owner can confirm the new address",
    close: "Close",
  },
  {
    lang: "uk",
    prefix: "/uk",
    home: "/uk",
    titles: {
      restore: "Новий пароль",
      confirm: "Підтвердження пошти",
      "confirm-login": "Підтвердження нової пошти",
    },
    invalid: "Посилання недійсне або застаріле.",
    loginFirst: "Нову адресу підтверджує власник акаунта",
    close: "Закрити",
  },
] as const;

const LINKS = [
  { kind: "restore", cookie: "reset_token" },
  { kind: "confirm", cookie: "confirm_token" },
  { kind: "confirm-login", cookie: "confirm_login" },
] as const;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function cookieNamed(context: BrowserContext, name: string) {
  return (await context.cookies()).find((cookie) => cookie.name === name);
}

test.describe("site-wide redirects", () => {
  test("an old-style cur_from/cur_to query moves to the exchange path, keeping the rest", async ({
    request,
    page,
  }) => {
    const response = await request.get("/about?utm_source=mail&cur_from=BTC&cur_to=SBERRUB&rid=5", {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/exchange/BTC/SBERRUB?utm_source=mail&rid=5");

    // In a browser, in English, with the codes in the wrong case: the exchange route then
    // fixes their spelling, and the other parameters survive both hops.
    await page.goto("/en/faq?cur_from=usdttrc20&cur_to=sberrub&utm_source=mail");
    await expect(page).toHaveURL(/\/en\/exchange\/USDTTRC20\/SBERRUB\?utm_source=mail$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("cur_from alone opens that currency; cur_to alone and junk are dropped", async ({
    request,
  }) => {
    const from = await request.get("/uk/rules?cur_from=BTC&x=1", { maxRedirects: 0 });
    expect(from.status()).toBe(301);
    expect(from.headers().location).toBe("/uk/BTC?x=1");
    const to = await request.get("/rules?cur_to=BTC&x=1", { maxRedirects: 0 });
    expect(to.headers().location).toBe("/rules?x=1");
    const junk = await request.get("/en?cur_from=..%2F..&cur_to=ETH", { maxRedirects: 0 });
    expect(junk.status()).toBe(301);
    expect(junk.headers().location).toBe("/en");
  });

  test("upper-case language prefixes move permanently to lower case, in one hop", async ({
    request,
    page,
  }) => {
    for (const [from, to] of [
      ["/EN/about?page=2", "/en/about?page=2"],
      ["/Uk", "/uk"],
      ["/RU/faq", "/faq"],
      ["/UK/rules?cur_from=BTC&cur_to=SBERRUB", "/uk/exchange/BTC/SBERRUB"],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
    await page.goto("/EN/faq");
    await expect(page).toHaveURL(/\/en\/faq$/);
  });
});

test.describe("e-mailed links (restore, confirm, confirm-login)", () => {
  for (const locale of LOCALES) {
    for (const link of LINKS) {
      test(`${locale.prefix || "/"} ${link.kind} link: cookie, home, modal`, async ({
        page,
        context,
        request,
      }) => {
        const errors = collectErrors(page);
        const path = `${locale.prefix}/${link.kind}/${TOKEN}`;
        const raw = await request.get(path, { maxRedirects: 0 });
        expect(raw.status()).toBe(302);
        expect(raw.headers()["cache-control"]).toBe("no-store");
        expect(raw.headers()["set-cookie"]).toBe(
          `${link.cookie}=${TOKEN}; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax`,
        );

        // Confirming links run at once: the post must carry the cookie the link stored.
        const completion =
          link.kind === "restore"
            ? null
            : page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/complete"));
        await page.goto(path);
        const home = locale.home === "/" ? "" : locale.home;
        await expect(page).toHaveURL(new RegExp(`${home}/?\\?${link.cookie}=1$`));
        const dialog = page.getByRole("dialog", { name: locale.titles[link.kind] });
        await expect(dialog).toBeVisible();
        // Only one auth modal at a time.
        await expect(page.getByRole("dialog")).toHaveCount(1);
        if (completion) {
          const post = await completion;
          expect(await post.headerValue("cookie")).toContain(`${link.cookie}=${TOKEN}`);
          if (link.kind === "confirm-login") {
            // A login change is confirmed by its signed-in owner (issue 13): log in first, and
            // the link waits in its cookie meanwhile.
            await expect(dialog.getByRole("alert")).toContainText(locale.loginFirst);
            expect((await cookieNamed(context, link.cookie))?.value).toBe(TOKEN);
          } else {
            // An unknown token: NOT_FOUND, told as "invalid or expired".
            await expect(dialog.getByRole("alert")).toContainText(locale.invalid);
            // The answer was final, so the action spent the cookie.
            await expect.poll(() => cookieNamed(context, link.cookie)).toBeUndefined();
          }
        } else {
          const cookie = await cookieNamed(context, link.cookie);
          expect(cookie?.value).toBe(TOKEN);
          expect(cookie?.path).toBe("/");
          expect(cookie?.httpOnly).toBe(true);
          expect(cookie?.sameSite).toBe("Lax");
          const minutes = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 60_000;
          expect(minutes).toBeGreaterThan(55);
          expect(minutes).toBeLessThanOrEqual(60);
        }
        expect(errors).toEqual([]);
      });
    }
  }

  test("a signed-in visitor's restore and confirm links are ignored; a login change is not", async ({
    page,
    context,
  }) => {
    // A real session: the site asks the API who the visitor is, and a made-up token is nobody.
    await registerAndConfirm(page, {
      prefix: "/en",
      email: uniqueEmail("signed-in-links"),
      password: "a long enough passphrase",
      texts: AUTH_TEXTS.en,
    });
    for (const kind of ["restore", "confirm"] as const) {
      await page.goto(`/en/${kind}/${TOKEN}`);
      await expect(page).toHaveURL(/\/en$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
    expect(await cookieNamed(context, "reset_token")).toBeUndefined();
    expect(await cookieNamed(context, "confirm_token")).toBeUndefined();
    // Even asked for by the query, those two modals stay shut.
    await page.goto("/en?reset_token=1");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const completion = page.waitForRequest((r) => r.method() === "POST");
    await page.goto(`/en/confirm-login/${TOKEN}`);
    await expect(page).toHaveURL(/\/en\?confirm_login=1$/);
    await expect(page.getByRole("dialog", { name: "Confirm your new e-mail" })).toBeVisible();
    const post = await completion;
    expect(post.url()).toMatch(/\/en\/confirm-login\/complete/);
    expect(await post.headerValue("cookie")).toContain(`confirm_login=${TOKEN}`);
  });

  test("a malformed token is a 404 page", async ({ page }) => {
    for (const path of [
      "/en/confirm/short",
      `/restore/${"a".repeat(257)}`,
      "/uk/confirm-login/has.dots.in.it.0123456789",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText(notFoundLine(path))).toBeVisible();
    }
  });
});

test.describe("auth modals", () => {
  test("each query parameter opens its modal, one at a time", async ({ page }) => {
    for (const [path, title] of [
      ["/?reset_token=1", "Новый пароль"],
      ["/en?confirm_token=1", "Confirm your e-mail"],
      ["/uk?confirm_login=1", "Підтвердження нової пошти"],
      ["/en?confirm_login=1&reset_token=1", "New password"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("dialog", { name: title }), path).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(1);
      // No cookie came with this URL: nothing to confirm.
      await expect(page.getByRole("dialog").getByRole("alert")).toBeVisible();
    }
  });

  test("a modal is modal: focus stays inside, Esc closes it and tidies up", async ({
    page,
    context,
  }) => {
    await page.goto(`/en/restore/${TOKEN}`);
    const dialog = page.getByRole("dialog", { name: "New password" });
    await expect(dialog).toBeVisible();
    // Modal once the page has hydrated and opened it with showModal(): wait for that state.
    await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/en$/);
    await expect.poll(() => cookieNamed(context, "reset_token")).toBeUndefined();
    // Still a working page: the modal does not come back on its own.
    await page.waitForTimeout(400);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the close button keeps the other query parameters", async ({ page }) => {
    await page.goto("/uk?utm_source=mail&confirm_token=1");
    const dialog = page.getByRole("dialog", { name: "Підтвердження пошти" });
    await page.waitForLoadState("networkidle");
    await dialog.getByRole("link", { name: "Закрити" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/uk\?utm_source=mail$/);
  });

  test("the new password form checks its fields in the visitor's language", async ({
    page,
    context,
  }) => {
    await page.goto(`/restore/${TOKEN}`);
    const dialog = page.getByRole("dialog", { name: "Новый пароль" });
    await page.waitForLoadState("networkidle");
    await dialog.getByLabel("Новый пароль", { exact: true }).fill("short");
    await dialog.getByLabel("Повторите новый пароль").fill("shorter");
    await dialog.getByRole("button", { name: "Сохранить пароль" }).click();
    await expect(dialog.getByText("Не короче 10 символов.")).toBeVisible();
    await expect(dialog.getByText("Пароли не совпадают.")).toBeVisible();
    await expect(dialog.getByLabel("Новый пароль", { exact: true })).toBeFocused();
    // Nothing was sent: the link is still usable.
    expect((await cookieNamed(context, "reset_token"))?.value).toBe(TOKEN);

    await dialog.getByLabel("Новый пароль", { exact: true }).fill("correct horse battery");
    await dialog.getByLabel("Повторите новый пароль").fill("correct horse battery");
    await dialog.getByRole("button", { name: "Сохранить пароль" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Ссылка недействительна или устарела.");
    await expect(dialog.getByRole("textbox")).toHaveCount(0);
    await expect.poll(() => cookieNamed(context, "reset_token")).toBeUndefined();
  });

  test("no serious accessibility violations in a modal", async ({ page }) => {
    await page.goto(`/en/restore/${TOKEN}`);
    await expect(page.getByRole("dialog", { name: "New password" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const { violations } = await new AxeBuilder({ page }).include("dialog").analyze();
    const serious = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help}`);
    expect(serious).toEqual([]);
  });

  test("without JavaScript the modal is a form that posts to a page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/en/confirm/${TOKEN}`);
    const dialog = page.getByRole("dialog", { name: "Confirm your e-mail" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Confirm e-mail" }).click();
    await expect(page).toHaveURL(/\/en\/confirm\/complete$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your e-mail");
    await expect(page.getByRole("alert")).toContainText("This link is invalid or has expired.");
    expect(await cookieNamed(context, "confirm_token")).toBeUndefined();
    await context.close();
  });
});

test.describe("reload guard (spec §9)", () => {
  test("a missing script after a deploy reloads once, then shows the error page", async ({
    page,
  }) => {
    // The modal's code is loaded on demand: make it "gone", as after a deploy.
    await page.route(/\/assets\/auth-link-modal-[^/]+\.js$/, (route) => route.abort());
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    await page.goto("/en?confirm_token=1");
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible(
      {
        timeout: 15_000,
      },
    );
    // One reload, not a loop.
    await page.waitForTimeout(1_500);
    expect(documents).toBe(2);
    await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
  });
});

// Accounts arrive in a later issue; until then a stub stands in for the API's account calls
// (at the network boundary, through API_URL), so the success paths run end to end.
test.describe("with an account API that answers", () => {
  test.describe.configure({ mode: "serial" });
  let api: LoopbackServer;
  let elsewhere: LoopbackServer;
  let server: RunningObmen;

  test.beforeAll(async () => {
    elsewhere = await startLoopback((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end("<!doctype html><title>Elsewhere</title><h1>Welcome elsewhere</h1>");
    });
    const answers: Record<string, unknown> = {
      "/rest/user/confirm": {},
      "/rest/user/confirm_update_login": { redirect_url: `${elsewhere.url}/welcome` },
      "/rest/user/restore_confirm": { redirect_url: "/en/order" },
    };
    api = await startLoopback((request: IncomingMessage, response: ServerResponse) => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      const answer = answers[path];
      response.writeHead(answer ? 200 : 404, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          answer ? { data: answer } : { error: { code: "NOT_FOUND", message: "Not found" } },
        ),
      );
    });
    server = await startObmen({ port: 3127, env: { API_URL: api.url } });
  });
  test.afterAll(async () => {
    await server?.stop();
    await api?.close();
    await elsewhere?.close();
  });

  for (const viewport of [
    { width: 1440, height: 900, toastWidth: 300 },
    { width: 390, height: 844, toastWidth: 390 - 2 * 16 },
  ]) {
    test(`a confirmed e-mail closes the modal and says so top right (${viewport.width}px)`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/confirm/${TOKEN}`);
      const toast = page.locator(".notifications li");
      await expect(toast).toHaveText(/Почта подтверждена\. Добро пожаловать в Obmen!/);
      const shownAt = Date.now();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(`${server.url}/`);
      expect(await cookieNamed(context, "confirm_token")).toBeUndefined();
      // Announced politely to screen readers.
      await expect(page.locator(".notifications ol")).toHaveAttribute("aria-live", "polite");
      // Measured where it rests, once its entrance has played.
      await toast.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      const box = await toast.boundingBox();
      expect(box?.width).toBeCloseTo(viewport.toastWidth, 0);
      expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(viewport.width - 16);
      // Just below the header's 65 px bar, so it never covers the language switch
      // (notifications.css; e2e/notifications.spec.ts checks the controls stay free).
      expect(Math.round(box?.y ?? 0)).toBe(65 + 8);
      if (viewport.width > 400) {
        // 3000 ms on screen, then 300 ms to leave (spec §9).
        await expect(toast).toHaveCount(0, { timeout: 6_000 });
        const gone = Date.now() - shownAt;
        expect(gone).toBeGreaterThan(2_500);
        expect(gone).toBeLessThan(4_500);
      } else {
        await toast.getByRole("button", { name: "Закрыть уведомление" }).click();
        await expect(toast).toHaveCount(0, { timeout: 1_000 });
      }
    });
  }

  test("notifications respect reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/confirm/${TOKEN}`);
    const toast = page.locator(".notifications li");
    await expect(toast).toContainText("Your e-mail is confirmed. Welcome to Obmen!");
    expect(await toast.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
    await context.close();
  });

  test("an external redirect from the API is a full page navigation", async ({ page }) => {
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document" && request.url().startsWith(elsewhere.url)) {
        documents++;
      }
    });
    await page.goto(`${server.url}/uk/confirm-login/${TOKEN}`);
    await expect(page).toHaveURL(`${elsewhere.url}/welcome`);
    await expect(page.getByRole("heading")).toHaveText("Welcome elsewhere");
    expect(documents).toBe(1);
  });

  test("a redirect within the site is followed inside the app", async ({ page, context }) => {
    await page.goto(`${server.url}/en/restore/${TOKEN}`);
    const dialog = page.getByRole("dialog", { name: "New password" });
    await page.waitForLoadState("networkidle");
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    await dialog.getByLabel("New password", { exact: true }).fill("correct horse battery");
    await dialog.getByLabel("Repeat the new password").fill("correct horse battery");
    await dialog.getByRole("button", { name: "Save password" }).click();
    await expect(page).toHaveURL(`${server.url}/en/order`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(documents).toBe(0);
    expect(await cookieNamed(context, "reset_token")).toBeUndefined();
  });
});
