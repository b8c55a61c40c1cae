import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { followMonitor } from "../../src/index.ts";

// BTC → RUB (receive side: more roubles is better for the customer). Real 7 200 000; the
// pair's markup 3 % gives the worst rate, a minimum margin of 0.5 % the best.
const offers = [
  { changer: 11, rate: "7150000" },
  { changer: 12, rate: "7180000" }, // best on the monitor, ignored (known to cheat)
  { changer: 13, rate: "7120000" },
  { changer: 99, rate: "7100000" }, // ourselves
  { changer: 14, rate: "7090000" },
];
const common = {
  offers,
  ownChanger: 99,
  ignored: new Set([12]),
  step: "0.01",
  side: "receive" as const,
  worst: "6984000",
  best: "7164000",
};

describe("holding a position on the monitor", () => {
  it("beats the competitor at the place asked by one step, ignoring the listed and ourselves", () => {
    expect(followMonitor({ ...common, position: 2 })).toEqual({
      rate: "7120000.01",
      competitor: 13,
      competitorPosition: 2,
      clamped: null,
    });
  });

  it("never goes beyond the minimum margin, however a competitor undercuts", () => {
    expect(
      followMonitor({ ...common, position: 1, offers: [{ changer: 11, rate: "7199999" }] }),
    ).toEqual({
      rate: "7164000",
      competitor: 11,
      competitorPosition: 1,
      clamped: "best",
    });
  });

  it("never asks more than the full markup, and takes it when nobody is at that place", () => {
    const dear = [...offers, { changer: 15, rate: "6900000" }];
    expect(followMonitor({ ...common, offers: dear, position: 4 })).toMatchObject({
      rate: "6984000",
      competitor: 15,
      clamped: "worst",
    });
    expect(followMonitor({ ...common, position: 9 })).toEqual({
      rate: "6984000",
      competitor: null,
      competitorPosition: null,
      clamped: null,
    });
  });

  it("on the send side a lower rate is better for the customer", () => {
    const result = followMonitor({
      offers: [
        { changer: 1, rate: "7300000" },
        { changer: 2, rate: "7250000" },
      ],
      ownChanger: null,
      ignored: new Set(),
      position: 1,
      step: "1",
      side: "send",
      worst: "7400000",
      best: "7230000",
    });
    expect(result).toEqual({
      rate: "7249999",
      competitor: 2,
      competitorPosition: 1,
      clamped: null,
    });
  });

  it("always lands between the bounds (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            changer: fc.integer({ min: 1, max: 50 }),
            rate: fc.integer({ min: 1, max: 10_000 }),
          }),
        ),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (raw, position, worst, width) => {
          const result = followMonitor({
            offers: raw.map((offer) => ({ changer: offer.changer, rate: String(offer.rate) })),
            ownChanger: 1,
            ignored: new Set([2]),
            position,
            step: "0.5",
            side: "receive",
            worst: String(worst),
            best: String(worst + width),
          });
          expect(Number(result.rate)).toBeGreaterThanOrEqual(worst);
          expect(Number(result.rate)).toBeLessThanOrEqual(worst + width);
          expect(result.competitor === 1 || result.competitor === 2).toBe(false);
        },
      ),
    );
  });
});
