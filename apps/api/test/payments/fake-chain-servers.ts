import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
export const fixtures = {
  esploraTxs: () => JSON.parse(fixture("esplora-address-txs.json")) as EsploraTx[],
  esploraTip: () => fixture("esplora-tip-height.txt"),
  trongrid: () => JSON.parse(fixture("trongrid-trc20.json")) as { data: TronItem[] },
  btcpayInvoice: () => JSON.parse(fixture("btcpay-invoice.json")) as Record<string, unknown>,
  btcpayMethods: () => JSON.parse(fixture("btcpay-payment-methods.json")) as BtcpayMethod[],
  btcpayWebhook: () => fixture("btcpay-webhook-invoice-settled.json"),
};

type EsploraTx = Record<string, unknown> & {
  txid: string;
  vout: { scriptpubkey_address?: string; value: number }[];
  status: { confirmed: boolean; block_height?: number };
};
type TronItem = Record<string, unknown> & { transaction_id: string; to: string; value: string };
type BtcpayMethod = Record<string, unknown> & {
  destination: string;
  payments: { id: string; value: string; status: string }[];
};

/**
 * Esplora, TronGrid and BTCPay Server on one loopback port, serving the fixtures' formats from
 * state the test changes: what each address received and at what height, the tip, each
 * invoice's payments. `broken` makes a source answer as a broken proxy would.
 */
export class FakeChainServers {
  tip = 872_345;
  readonly esplora = new Map<string, EsploraTx[]>();
  readonly tron = new Map<string, TronItem[]>();
  readonly invoices = new Map<string, BtcpayMethod[]>();
  broken: "html" | "truncated" | "negative" | "down" | null = null;
  requests: string[] = [];
  private server: Server | null = null;
  private invoiceCount = 0;
  url = "";

  async start() {
    this.server = createServer((request, response) => {
      void this.answer(request).then(({ status, body, type }) => {
        response.writeHead(status, { "content-type": type });
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** A payment of `satoshis` to `address`, in the mempool (`height` null) or mined. */
  payBitcoin(address: string, txid: string, satoshis: number, height: number | null) {
    const template = fixtures.esploraTxs()[1]!;
    const tx: EsploraTx = {
      ...template,
      txid,
      vout: [
        { ...template.vout[0], scriptpubkey_address: address, value: satoshis },
        template.vout[1]!,
      ],
      status:
        height === null
          ? { confirmed: false }
          : { ...template.status, confirmed: true, block_height: height },
    };
    const list = (this.esplora.get(address) ?? []).filter((existing) => existing.txid !== txid);
    this.esplora.set(address, [tx, ...list]);
  }

  payTron(address: string, txid: string, baseUnits: string) {
    const template = fixtures.trongrid().data[0]!;
    const item: TronItem = { ...template, transaction_id: txid, to: address, value: baseUnits };
    this.tron.set(address, [item, ...(this.tron.get(address) ?? [])]);
  }

  /** Replaces an invoice's payments: `[id, value, status]`. */
  setInvoicePayments(invoiceId: string, payments: [string, string, string][]) {
    const [method] = fixtures.btcpayMethods();
    this.invoices.set(invoiceId, [
      {
        ...method!,
        payments: payments.map(([id, value, status]) => ({
          ...method!.payments[0]!,
          id,
          value,
          status,
        })),
      },
    ]);
  }

  private async answer(
    request: IncomingMessage,
  ): Promise<{ status: number; body: string; type: string }> {
    const url = new URL(request.url ?? "/", "http://fake");
    this.requests.push(`${request.method} ${url.pathname}`);
    const json = (body: unknown) => ({
      status: 200,
      body: JSON.stringify(body),
      type: "application/json",
    });
    if (this.broken === "down") return { status: 503, body: "upstream down", type: "text/plain" };
    if (this.broken === "html") {
      return {
        status: 200,
        body: "<html><body>Cloudflare: checking your browser</body></html>",
        type: "text/html",
      };
    }
    if (this.broken === "truncated")
      return { status: 200, body: '[{"txid":"3f1c8a', type: "application/json" };
    if (url.pathname === "/blocks/tip/height")
      return { status: 200, body: String(this.tip), type: "text/plain" };
    const address = /^\/address\/([^/]+)\/txs$/.exec(url.pathname);
    if (address) {
      const txs = this.esplora.get(address[1]!) ?? [];
      if (this.broken === "negative") {
        return json(
          txs.map((tx) => ({ ...tx, vout: tx.vout.map((out) => ({ ...out, value: -out.value })) })),
        );
      }
      return json(txs);
    }
    const tron = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (tron) {
      const all = this.tron.get(tron[1]!) ?? [];
      // TronGrid's pagination: `limit` items a page, `meta.fingerprint` naming the next one.
      const limit = Number(url.searchParams.get("limit") ?? 200);
      const offset = Number(url.searchParams.get("fingerprint") ?? 0);
      const items = all.slice(offset, offset + limit);
      const more = offset + limit < all.length;
      return json({
        data: items,
        success: true,
        meta: {
          at: Date.now(),
          page_size: items.length,
          ...(more ? { fingerprint: String(offset + limit) } : {}),
        },
      });
    }
    if (request.headers.authorization !== "token btcpay-test-key") {
      return {
        status: 401,
        body: JSON.stringify({ code: "unauthenticated" }),
        type: "application/json",
      };
    }
    if (request.method === "POST" && /\/api\/v1\/stores\/[^/]+\/invoices$/.test(url.pathname)) {
      const body = JSON.parse(await readBody(request)) as { amount: string; metadata: unknown };
      const id = `Inv${++this.invoiceCount}x${"A".repeat(18)}`;
      this.setInvoicePayments(id, []);
      return json({
        ...fixtures.btcpayInvoice(),
        id,
        amount: body.amount,
        metadata: body.metadata,
      });
    }
    const methods = /\/invoices\/([^/]+)\/payment-methods$/.exec(url.pathname);
    if (methods) {
      const found = this.invoices.get(decodeURIComponent(methods[1]!));
      return found
        ? json(found)
        : { status: 404, body: '{"code":"invoice-not-found"}', type: "application/json" };
    }
    return { status: 404, body: "not found", type: "text/plain" };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    request.on("data", (chunk) => {
      data += chunk;
    });
    request.on("end", () => resolve(data));
  });
}
