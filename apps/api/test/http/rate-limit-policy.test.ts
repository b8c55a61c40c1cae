import { describe, expect, it } from "vitest";
import { limitedAddress } from "../../src/rate-limits/client-address.ts";
import {
  DEFAULT_PUBLIC_CALL_POLICY,
  readPublicCallPolicy,
} from "../../src/rate-limits/public-call-policy.ts";

describe("the public calls' budgets from the environment", () => {
  it("keeps the defaults for unset or empty variables and reads <requests>/<seconds>", () => {
    expect(readPublicCallPolicy({})).toEqual(DEFAULT_PUBLIC_CALL_POLICY);
    expect(
      readPublicCallPolicy({ RATE_LIMIT_ORDER_CREATE: "", RATE_LIMIT_REVIEW: " 3/60 " }),
    ).toEqual({
      ...DEFAULT_PUBLIC_CALL_POLICY,
      review: { points: 3, seconds: 60 },
    });
  });

  it("stops the boot with each bad variable named", () => {
    const read = () =>
      readPublicCallPolicy({
        RATE_LIMIT_ORDER_CREATE: "20",
        RATE_LIMIT_RECEIPT: "0/60",
        RATE_LIMIT_ORDER_UPDATE: "5/9999999",
      });
    expect(read).toThrow(/RATE_LIMIT_ORDER_CREATE: must be <requests>\/<seconds>/);
    expect(read).toThrow(/RATE_LIMIT_RECEIPT: needs at least 1 request/);
    expect(read).toThrow(/RATE_LIMIT_ORDER_UPDATE/);
  });
});

describe("the address a limit counts", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:aa:bb::1", "2001:db8:aa:bb::/64"],
    ["2001:0DB8:00aa:00bb:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::ffff:198.51.100.4", "198.51.100.4"],
    ["::ffff:c633:6404", "198.51.100.4"],
    ["64:ff9b::198.51.100.4", "64:ff9b:0:0::/64"],
  ])("%s counts as %s", (ip, counted) => {
    expect(limitedAddress(ip)).toBe(counted);
  });
});
