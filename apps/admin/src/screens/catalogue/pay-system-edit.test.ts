import { describe, expect, it } from "vitest";
import { paySystemPatchBody, paySystemValues } from "./pay-system-edit.tsx";

const SBER = {
  id: 3,
  name: "Sberbank",
  name_ru: "Сбербанк",
  name_en: null,
  name_uk: "Ощадбанк",
  icon: "/icons/sber.svg",
  network_code: null,
};

describe("paySystemPatchBody", () => {
  it("sends nothing when nothing changed", () => {
    expect(paySystemPatchBody(SBER, paySystemValues(SBER))).toEqual({});
  });

  it("sends only what changed, trimmed; an emptied language name clears it", () => {
    expect(
      paySystemPatchBody(SBER, {
        ...paySystemValues(SBER),
        name_ru: " СберБанк ",
        name_en: "Sber",
        name_uk: "  ",
      }),
    ).toEqual({ name_ru: "СберБанк", name_en: "Sber", name_uk: null });
  });

  it("sends an emptied name or icon as typed, for the server to refuse under its input", () => {
    expect(paySystemPatchBody(SBER, { ...paySystemValues(SBER), name: "", icon: "" })).toEqual({
      name: "",
      icon: "",
    });
  });
});
