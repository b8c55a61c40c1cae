import { describe, expect, it } from "vitest";
import { readAffiliateSettings } from "../../src/affiliate/affiliate-settings.ts";
import { rewardAmount, unitValue } from "../../src/affiliate/rewards/reward-amount.ts";

/**
 * The reward formula of decision 029 on plain data: profit in the receive currency at the real
 * rate, converted, shared, rounded down to the programme currency's places. Decimal strings in,
 * a decimal string out; every expected value worked out by hand below.
 */
describe("rewardAmount", () => {
  const cases = [
    {
      name: "USDT → RUB card: 100 USDT worth 9000 RUB at the market, 8800 paid; 200 RUB at 1/90",
      order: {
        sendAmount: "100",
        receiveAmount: "8800",
        comissionAmount: "0",
        sendRateReal: "1",
        receiveRateReal: "90",
      },
      toProgramme: unitValue({ sendRateReal: "90", receiveRateReal: "1", direction: "forward" }),
      share: "0.3",
      decimals: 2,
      // 200 RUB × (1/90) × 0.3 = 0.6666… → 0.66
      expected: "0.66",
    },
    {
      name: "RUB → USDT TRC20 (inverted rate) with a network fee: profit already in USDT",
      order: {
        sendAmount: "10000",
        receiveAmount: "107.5",
        comissionAmount: "1",
        sendRateReal: "92",
        receiveRateReal: "1",
      },
      toProgramme: "1",
      share: "0.3",
      decimals: 6,
      // 10000/92 = 108.695652173913…; − 107.5 − 1 = 0.195652173913… × 0.3 = 0.0586956521… → 0.058695
      expected: "0.058695",
    },
    {
      name: "BTC → USDT: 0.01 BTC at a real 65000, 640 paid, 2 fee",
      order: {
        sendAmount: "0.01",
        receiveAmount: "640",
        comissionAmount: "2",
        sendRateReal: "1",
        receiveRateReal: "65000",
      },
      toProgramme: "1",
      share: "0.3",
      decimals: 2,
      // 650 − 642 = 8 × 0.3 = 2.4
      expected: "2.4",
    },
    {
      name: "USDT → BTC: profit in BTC converted through a BTC → USDT pair (forward)",
      order: {
        sendAmount: "1000",
        receiveAmount: "0.0152",
        comissionAmount: "0.0001",
        sendRateReal: "64000",
        receiveRateReal: "1",
      },
      toProgramme: unitValue({ sendRateReal: "1", receiveRateReal: "65000", direction: "forward" }),
      share: "0.3",
      decimals: 2,
      // 1000/64000 = 0.015625 − 0.0153 = 0.000325 BTC × 65000 = 21.125 × 0.3 = 6.3375 → 6.33
      expected: "6.33",
    },
    {
      name: "UAH card → RUB card: converted through a USDT → UAH pair (inverse)",
      order: {
        sendAmount: "1000",
        receiveAmount: "2150",
        comissionAmount: "0",
        sendRateReal: "1",
        receiveRateReal: "2.2",
      },
      // RUB's value: the USDT → RUB pair sends 1 USDT for 90 RUB, so 1 RUB = 1/90 USDT.
      toProgramme: unitValue({ sendRateReal: "1", receiveRateReal: "90", direction: "inverse" }),
      share: "0.25",
      decimals: 2,
      // 2200 − 2150 = 50 RUB / 90 = 0.5555… × 0.25 = 0.13888… → 0.13
      expected: "0.13",
    },
    {
      name: "a loss (the rate moved against the operator) earns nothing",
      order: {
        sendAmount: "100",
        receiveAmount: "9100",
        comissionAmount: "0",
        sendRateReal: "1",
        receiveRateReal: "90",
      },
      toProgramme: "0.011",
      share: "0.3",
      decimals: 2,
      expected: "0",
    },
    {
      name: "a reward below one cent rounds down to nothing",
      order: {
        sendAmount: "1",
        receiveAmount: "89.99",
        comissionAmount: "0",
        sendRateReal: "1",
        receiveRateReal: "90",
      },
      toProgramme: unitValue({ sendRateReal: "90", receiveRateReal: "1", direction: "forward" }),
      share: "0.3",
      decimals: 2,
      // 0.01 RUB / 90 × 0.3 = 0.0000333 → 0
      expected: "0",
    },
  ];

  for (const { name, expected, ...input } of cases) {
    it(name, () => {
      expect(rewardAmount(input)).toBe(expected);
    });
  }

  it("never rounds up, even a hair below the next cent", () => {
    const order = {
      sendAmount: "1",
      receiveAmount: "0",
      comissionAmount: "0",
      sendRateReal: "1",
      receiveRateReal: "0.0299999999999",
    };
    expect(rewardAmount({ order, toProgramme: "1", share: "1", decimals: 2 })).toBe("0.02");
  });
});

describe("readAffiliateSettings", () => {
  it("defaults to a 0.3 share of the profit, USDT and a 10 minimum", () => {
    expect(readAffiliateSettings({})).toEqual({
      share: "0.3",
      currency: "USDT",
      minWithdrawal: "10",
    });
  });

  it("names the variable a bad value came in", () => {
    expect(() => readAffiliateSettings({ AFFILIATE_SHARE: "1.5" })).toThrow(/AFFILIATE_SHARE/);
    expect(() => readAffiliateSettings({ AFFILIATE_SHARE: "0,3" })).toThrow(/AFFILIATE_SHARE/);
    expect(() => readAffiliateSettings({ AFFILIATE_CURRENCY: "usdt" })).toThrow(
      /AFFILIATE_CURRENCY/,
    );
    expect(() => readAffiliateSettings({ AFFILIATE_MIN_WITHDRAWAL: "-1" })).toThrow(
      /AFFILIATE_MIN_WITHDRAWAL/,
    );
    expect(() => readAffiliateSettings({ AFFILIATE_MIN_WITHDRAWAL: "ten" })).toThrow(
      /AFFILIATE_MIN_WITHDRAWAL/,
    );
  });
});
