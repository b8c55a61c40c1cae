import { describe, expect, it } from "vitest";
import { readContentFolder } from "../src/index.ts";

/**
 * The shipped texts say nothing the site cannot do yet (issue 15, point 8). Each rule names the
 * feature it waits for: when that feature ships, its texts and its rule change together.
 */
const NOT_YET: { feature: string; pattern: RegExp }[] = [
  // Accounts (issue 13): no account pages, no "Log in" button, no registration in the header.
  { feature: "account pages", pattern: /\]\(\/account/ },
  { feature: "the log-in button", pattern: /«Войти»|«Увійти»|“Log in”|"Log in"/ },
  {
    feature: "registration",
    pattern: /Зарегистрируйтесь|Зареєструйтеся|\bsign up and\b|\[Sign up\]/i,
  },
  { feature: "password recovery", pattern: /Забыли пароль|Забули пароль|Forgot your password/i },
  {
    feature: "saved wallets",
    pattern: /разделе «Кошельки»|розділі «Гаманці»|under “Wallets”/,
  },
  // The chat widget is optional (CHAT_WIDGET_SRC): the contact page mentions it only when set.
  {
    feature: "a chat widget",
    pattern: /нижнем углу|нижньому куті|bottom.right corner/i,
  },
];

describe("the shipped texts promise only what the site does", () => {
  const texts = readContentFolder().flatMap((entry) =>
    entry.translations.map((translation) => ({
      where: `${entry.kind}/${entry.slug}.${translation.locale}`,
      text: [translation.title, translation.description, translation.body].join("\n"),
    })),
  );

  it.each(NOT_YET)("none mentions $feature", ({ pattern }) => {
    const found = texts.filter(({ text }) => pattern.test(text)).map(({ where }) => where);
    expect(found).toEqual([]);
  });
});
