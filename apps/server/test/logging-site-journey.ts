import type { CurrencyPairEntry } from "@obmen/contracts";
import { expect } from "vitest";
import { createForm } from "../../api/test/support/orders.ts";

/**
 * Issue 17 point 2 on the site tier: a visitor's forms as a browser posts them (the site's own
 * Origin, a urlencoded body) to the site's routes, which call the API in process. Returns the
 * values the journey made that no log line may hold (the site's session cookie, the confirm
 * link's token, the card number typed into the calculator).
 */
export async function runSiteJourney(options: {
  url: string;
  email: string;
  password: string;
  newPassword: string;
  cardNumber: string;
  pair: CurrencyPairEntry;
  confirmToken: (email: string) => Promise<string>;
  remember: (call: string, response: Response) => void;
}): Promise<string[]> {
  const { url, email, password, newPassword, remember } = options;
  const secrets: string[] = [];
  const post = async (call: string, path: string, form: Record<string, string>, cookie = "") => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: {
        origin: url,
        "content-type": "application/x-www-form-urlencoded",
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    remember(call, response);
    expect(response.status, `${call}: ${await response.clone().text()}`).toBeLessThan(400);
    return response;
  };
  const cookieOf = (response: Response, name: string) => {
    const set = response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
    expect(set, `${name} cookie`).toBeDefined();
    return set!.split(";")[0]!;
  };

  await post("site register", "/en/register", { email, password, agreement: "on" });
  const confirmToken = await options.confirmToken(email);
  secrets.push(confirmToken);
  // The e-mailed link: its page keeps the token in a cookie, the form then completes it.
  const opened = await fetch(`${url}/en/confirm/${confirmToken}`, { redirect: "manual" });
  remember("site e-mailed link", opened);
  const linkCookies = opened.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  expect(linkCookies, "the link's cookie").not.toBe("");
  const confirmed = await post(
    "site confirm",
    "/en/confirm/complete",
    { intent: "complete" },
    linkCookies,
  );
  secrets.push(cookieOf(confirmed, "token").slice("token=".length));

  const login = await post("site login", "/en/login", { email, password });
  const session = cookieOf(login, "token");
  secrets.push(session.slice("token=".length));

  // The calculator's form with the full card number, as the page posts it.
  const { pair } = options;
  const order = createForm(pair, { send_amount: "100", email });
  const cardKey = pair.fields.find((field) => field.type === "card_number")!.key;
  const form: Record<string, string> = { fixed_side: "send", agreement: "on" };
  for (const [name, value] of Object.entries(order)) {
    if (name !== "fields") form[name] = String(value);
  }
  for (const field of order.fields) {
    form[`fields.${field.key}`] = field.key === cardKey ? options.cardNumber : String(field.value);
  }
  const { send_currency: send, receive_currency: receive } = pair.currency_pair;
  const created = await post(
    "site calculator",
    `/en/exchange/${send.url_xml.toLowerCase()}/${receive.url_xml.toLowerCase()}`,
    form,
    session,
  );
  const orderPath = created.headers.get("location");
  expect(orderPath, "the calculator moves on to the order").toMatch(/^\/en\/order\/[0-9a-f-]{36}$/);
  await post("site paid", orderPath!, { intent: "paid" }, session);

  await post(
    "site password change",
    "/en/account/profile",
    {
      intent: "password",
      old_password: password,
      new_password: newPassword,
      new_password_confirmation: newPassword,
    },
    session,
  );
  await post("site logout", "/en/logout", {}, session);
  // The change took: the new password signs in (and its session is one more secret).
  const again = await post("site login, new password", "/en/login", {
    email,
    password: newPassword,
  });
  secrets.push(cookieOf(again, "token").slice("token=".length));
  return secrets;
}
