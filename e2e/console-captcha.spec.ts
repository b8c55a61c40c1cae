import { expect, test } from "./support/test.ts";

// The console's door on the customers' rule (issue 26 point 3, decision 026): after three
// wrong passwords for one operator, the login screen shows the self-hosted ALTCHA proof of
// work, the browser solves it, and the right password then signs in. Against the second e2e
// server, which runs with CAPTCHA_PROVIDER=altcha and its own first admin (playwright.config.ts).

const captchaServer = process.env.E2E_CAPTCHA_BASE_URL;
if (!captchaServer) throw new Error("E2E_CAPTCHA_BASE_URL is not set (see playwright.config.ts)");
test.use({ baseURL: captchaServer });

const ADMIN = { email: "captcha-admin@example.com", password: "Console-e2e-captcha-7" };
// The proof of work is seconds of hashing on purpose; on a busy machine, tens of seconds.
test.setTimeout(180_000);

test("after repeated failures the console's login shows the captcha, solves it, and signs in", async ({
  page,
}) => {
  // The console's origin is APP_URL's (localhost): its calls are refused from any other.
  const url = new URL("/admin", captchaServer);
  url.hostname = "localhost";
  await page.goto(url.href);
  const email = page.locator("#login-email");
  const password = page.locator("#login-password");
  const submit = page.locator(".login__form button[type=submit]");
  for (let attempt = 0; attempt < 3; attempt++) {
    await email.fill(ADMIN.email);
    await password.fill(`not the password ${attempt}`);
    await submit.click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
  }

  // The fourth attempt, now with the right password, is refused until a captcha comes with it.
  await password.fill(ADMIN.password);
  await submit.click();
  await expect(page.getByText("Подтвердите, что вы не робот", { exact: true })).toBeVisible();
  await expect(page.locator("#login-captcha-error")).toBeVisible();
  const solution = page.locator('.login__form input[name="captcha"]');
  await expect(solution).toHaveCount(1);
  await expect
    .poll(async () => (await solution.inputValue()).length, { timeout: 120_000 })
    .toBeGreaterThan(20);

  await submit.click();
  await expect(page.locator(".top__who")).toHaveText(`${ADMIN.email} · администратор`);
});
