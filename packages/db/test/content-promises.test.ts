import { describe, expect, it } from "vitest";
import { readContentFolder } from "../src/index.ts";

/**
 * The shipped texts say nothing the site cannot do yet (issue 15, point 8). Each rule names the
 * feature it waits for: when that feature ships, its texts and its rule change together.
 */
const NOT_YET: { feature: string; pattern: RegExp }[] = [
  // Accounts shipped (issue 13): no text may still say there are none.
  {
    feature: "accounts as missing",
    pattern: /кабінетів .*поки немає|кабинетов .*пока нет|no accounts on the site yet/i,
  },
  // The affiliate programme's pages (issue 18) are not on the site yet.
  { feature: "the affiliate pages", pattern: /\]\(\/account\/affiliate/ },
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
