import type { FaqItem } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import { groupFaq } from "./group-faq.ts";

const item = (slug: string, section: FaqItem["section"]): FaqItem => ({
  slug,
  section,
  question: `${slug}?`,
  html: `<p>${slug}</p>`,
});

describe("groupFaq", () => {
  it("orders sections by the fixed list and keeps the questions' order", () => {
    const groups = groupFaq([
      item("payout-time", "payment"),
      item("how-to-start", "exchange"),
      item("card-fee", "payment"),
      item("rate-lock", "exchange"),
    ]);
    expect(groups.map((group) => group.section)).toEqual(["exchange", "payment"]);
    expect(groups[0]?.items.map((q) => q.slug)).toEqual(["how-to-start", "rate-lock"]);
    expect(groups[1]?.items.map((q) => q.slug)).toEqual(["payout-time", "card-fee"]);
  });

  it("leaves out sections without questions", () => {
    expect(groupFaq([])).toEqual([]);
    expect(groupFaq([item("referral", "partner")]).map((group) => group.section)).toEqual([
      "partner",
    ]);
  });
});
