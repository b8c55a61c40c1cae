import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { PaymentTarget } from "../../src/payments/assign-payment-target.ts";
import { isBtcpaySignatureValid, paymentsOf } from "../../src/payments/btcpay-source.ts";
import { transfersTo } from "../../src/payments/esplora-source.ts";
import { matchTransfers } from "../../src/payments/tron-source.ts";
import { fixtures } from "./fake-chain-servers.ts";
import { BIP84_FIRST_ADDRESSES, OPERATOR_TRON_ADDRESS } from "./payment-fixtures.ts";

/** Collects what an adapter refused, so a test sees that a bad item was logged, not credited. */
function recordingLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_object: object, message: string) => warnings.push(message) } };
}

function target(overrides: Partial<PaymentTarget>): PaymentTarget {
  return {
    orderId: "00000000-0000-4000-8000-000000000001",
    currencyId: 1,
    kind: "tron",
    address: OPERATOR_TRON_ADDRESS,
    derivationIndex: null,
    amount: "150.000001",
    invoiceId: null,
    requiredConfirmations: 19,
    watchUntil: new Date(Date.now() + 3_600_000),
    createdAt: new Date(0),
    ...overrides,
  };
}

describe("each adapter parses its fixture", () => {
  it("Esplora: the address's own outputs, confirmations from the tip, a spend skipped", () => {
    const { log, warnings } = recordingLog();
    const tip = Number(fixtures.esploraTip());
    const transfers = transfersTo(BIP84_FIRST_ADDRESSES[0]!, fixtures.esploraTxs(), tip, log);
    expect(transfers).toEqual([
      {
        txId: "3f1c8a1fb2d79e0d5b24e6c7a0f1d8a2e9b4c5d6e7f8091a2b3c4d5e6f708192",
        amount: "0.0025",
        confirmations: 0,
      },
      {
        txId: "e4b2f6d1c9a87b6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d",
        amount: "0.01",
        confirmations: 2,
      },
    ]);
    expect(warnings).toEqual(["esplora: transaction pays the address nothing"]);
  });

  it("Esplora: a negative value or a mangled transaction is logged and never a transfer", () => {
    const { log, warnings } = recordingLog();
    const [first, second] = fixtures.esploraTxs() as Record<string, unknown>[];
    const negative = {
      ...second,
      vout: [{ scriptpubkey_address: BIP84_FIRST_ADDRESSES[0], value: -1000000 }],
    };
    const mangled = { ...first, txid: "<script>" };
    expect(transfersTo(BIP84_FIRST_ADDRESSES[0]!, [negative, mangled, "x"], 872_345, log)).toEqual(
      [],
    );
    expect(warnings).toHaveLength(3);
  });

  it("TronGrid: the USDT transfer with an order's unique amount; other tokens and amounts skipped", () => {
    const { log, warnings } = recordingLog();
    const watched = [
      target({}),
      target({ orderId: "00000000-0000-4000-8000-000000000002", amount: "20.000001" }),
    ];
    expect(matchTransfers(OPERATOR_TRON_ADDRESS, watched, fixtures.trongrid().data, log)).toEqual([
      {
        orderId: "00000000-0000-4000-8000-000000000001",
        txId: "d6d1cc1ab403bc0febfb69d7be0bd8bd2fc03e2a03c4e2bdfd74560bd66109be",
        amount: "150.000001",
        confirmations: 19,
      },
    ]);
    expect(warnings).toEqual([
      "trongrid: no order has this amount",
      "trongrid: another address or token",
    ]);
  });

  it("TronGrid: a transfer to another address is not this address's payment", () => {
    const { log, warnings } = recordingLog();
    const [item] = fixtures.trongrid().data;
    const elsewhere = { ...item, to: "TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY" };
    expect(
      matchTransfers(
        OPERATOR_TRON_ADDRESS,
        [target({})],
        [elsewhere, { ...item, value: "-5" }],
        log,
      ),
    ).toEqual([]);
    expect(warnings).toHaveLength(2);
  });

  it("BTCPay: settled payments confirmed, processing ones seen, invalid ones dropped", () => {
    const { log } = recordingLog();
    expect(paymentsOf(fixtures.btcpayMethods(), 1, log)).toEqual([
      {
        txId: "b2a4c6e8d0f2a4c6e8b0d2f4a6c8e0b23f1c8a1fb2d79e0d5b24e6c7a0f1d8a2-0",
        amount: "0.006",
        confirmations: 1,
      },
      {
        txId: "0f1e2d3c4b5a69788f9e0d1c2b3a49581f2e3d4c5b6a79886f7e8d9c0b1a2938-1",
        amount: "0.004",
        confirmations: 0,
      },
    ]);
  });

  it("BTCPay-Sig: sha256= HMAC of the raw body under the secret, nothing else", () => {
    const secret = "whsec-test-0123456789";
    const rawBody = Buffer.from(fixtures.btcpayWebhook());
    const good = `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
    expect(isBtcpaySignatureValid({ secret, rawBody, header: good })).toBe(true);
    expect(
      isBtcpaySignatureValid({
        secret,
        rawBody,
        header: good.toUpperCase().replace("SHA256", "sha256"),
      }),
    ).toBe(true);
    expect(isBtcpaySignatureValid({ secret: "another-secret-value", rawBody, header: good })).toBe(
      false,
    );
    expect(
      isBtcpaySignatureValid({ secret, rawBody: Buffer.from(`${rawBody} `), header: good }),
    ).toBe(false);
    expect(isBtcpaySignatureValid({ secret, rawBody, header: undefined })).toBe(false);
    expect(
      isBtcpaySignatureValid({ secret, rawBody, header: good.replace("sha256=", "sha1=") }),
    ).toBe(false);
    expect(isBtcpaySignatureValid({ secret, rawBody, header: "sha256=abcd" })).toBe(false);
  });
});
