import { describe, expect, it } from "vitest";
import { presenceStep, settle } from "./modal-presence.ts";

describe("mutually exclusive modals (spec §4)", () => {
  it("opens at once when nothing is shown", () => {
    expect(presenceStep({ shown: null, closing: false }, "loginComplete")).toEqual({
      shown: "loginComplete",
      closing: false,
    });
  });

  it("lets the shown modal leave before another appears", () => {
    const step = presenceStep({ shown: "resetComplete", closing: false }, "loginComplete");
    expect(step).toEqual({ shown: "resetComplete", closing: true });
    expect(settle("loginComplete")).toEqual({ shown: "loginComplete", closing: false });
  });

  it("animates a close, and keeps a modal that was asked for again while leaving", () => {
    expect(presenceStep({ shown: "resetComplete", closing: false }, null)).toEqual({
      shown: "resetComplete",
      closing: true,
    });
    expect(presenceStep({ shown: "resetComplete", closing: true }, "resetComplete")).toEqual({
      shown: "resetComplete",
      closing: false,
    });
  });

  it("changes nothing when nothing changed, or while already leaving", () => {
    const state = { shown: "loginComplete", closing: false };
    expect(presenceStep(state, "loginComplete")).toBe(state);
    const leaving = { shown: "loginComplete", closing: true };
    expect(presenceStep(leaving, null)).toBe(leaving);
    expect(presenceStep(leaving, "resetComplete")).toBe(leaving);
  });
});
