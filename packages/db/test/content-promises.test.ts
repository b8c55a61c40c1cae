import { describe, expect, it } from "vitest";
import { readContentFolder } from "../src/index.ts";

/**
 * The shipped texts say nothing the site cannot do yet (issue 15, point 8). Each rule names the
 * feature it waits for: when that feature ships, its texts and its rule change together.
 */
const NOT_YET: { feature: string; pattern: RegExp; skipNews?: true }[] = [
  // Accounts shipped (issue 13): no text may still say there are none.
  {
    feature: "accounts as missing",
    pattern: /кабінетів .*поки немає|кабинетов .*пока нет|no accounts on the site yet/i,
  },
  // The affiliate programme shipped (issue 18): no text may still say it has not launched.
  {
    feature: "the affiliate programme as not launched",
    pattern:
      /(?:програм\S* ще не|программа ещё не|програму ще не|not launched|on its way|готу\S*ся до запуску|готовится к запуску)/i,
    // A dated news item may announce plans as they were then (July's "coming soon").
    skipNews: true,
  },
  // Its share and minimum are settings (AFFILIATE_SHARE, AFFILIATE_MIN_WITHDRAWAL) the /partner
  // page shows from the API: a text that writes a number for them would go stale.
  {
    feature: "a fixed affiliate share or minimum",
    pattern: /\d+\s?% (?:нашей|нашого|of our|прибыли|прибутку)|(?:от|від|from) \d+ USD/i,
    skipNews: true,
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
      kind: entry.kind,
      text: [translation.title, translation.description, translation.body].join("\n"),
    })),
  );

  it.each(NOT_YET)("none mentions $feature", ({ pattern, skipNews }) => {
    const found = texts
      .filter(({ kind, text }) => !(skipNews && kind === "news") && pattern.test(text))
      .map(({ where }) => where);
    expect(found).toEqual([]);
  });
});
