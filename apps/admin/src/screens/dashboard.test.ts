import { describe, expect, it } from "vitest";
import { roundForDisplay } from "./dashboard.tsx";

describe("roundForDisplay", () => {
  it("keeps two places of a profit, cut toward zero as a string", () => {
    expect(roundForDisplay("1234.567891234567891234")).toBe("1234.56");
    expect(roundForDisplay("-12.5")).toBe("-12.5");
    expect(roundForDisplay("-0.004")).toBe("0");
    expect(roundForDisplay("700.001")).toBe("700");
    expect(roundForDisplay("98765432109876543210.99")).toBe("98765432109876543210.99");
  });
});
