// A local Esplora for the browser journey of issue 28 (e2e/payment-watch.spec.ts): the two
// reads the watcher makes (`/blocks/tip/height`, `/address/{address}/txs`, in Esplora's
// transaction format, see apps/api/test/payments/fixtures/README.md) and two control calls a
// test makes (`POST /__pay`, `POST /__mine`). Loopback only.
import { createServer } from "node:http";

const port = Number(process.argv[2]);
let tip = 872_345;
/** address → [{ txid, satoshis, height | null }] */
const paid = new Map();

function txOf(address, payment) {
  return {
    txid: payment.txid,
    version: 2,
    locktime: 0,
    vin: [],
    vout: [
      {
        scriptpubkey: "0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2",
        scriptpubkey_asm: "OP_0 OP_PUSHBYTES_20 c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2",
        scriptpubkey_type: "v0_p2wpkh",
        scriptpubkey_address: address,
        value: payment.satoshis,
      },
    ],
    size: 191,
    weight: 437,
    fee: 1410,
    status:
      payment.height === null
        ? { confirmed: false }
        : { confirmed: true, block_height: payment.height, block_time: 1732781234 },
  };
}

function readJson(request) {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body ? JSON.parse(body) : {}));
  });
}

createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://fake");
  const send = (status, body, type = "application/json") => {
    response.writeHead(status, { "content-type": type });
    response.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  if (url.pathname === "/healthz") return send(200, "ok", "text/plain");
  if (url.pathname === "/blocks/tip/height") return send(200, String(tip), "text/plain");
  const match = /^\/address\/([^/]+)\/txs$/.exec(url.pathname);
  if (match) {
    const address = decodeURIComponent(match[1]);
    return send(
      200,
      (paid.get(address) ?? []).map((payment) => txOf(address, payment)),
    );
  }
  if (request.method === "POST" && url.pathname === "/__pay") {
    const { address, txid, satoshis } = await readJson(request);
    paid.set(address, [{ txid, satoshis, height: null }, ...(paid.get(address) ?? [])]);
    return send(200, { tip });
  }
  if (request.method === "POST" && url.pathname === "/__mine") {
    // The next block takes every waiting payment; the tip moves on.
    tip += 1;
    for (const payments of paid.values()) {
      for (const payment of payments) payment.height ??= tip;
    }
    return send(200, { tip });
  }
  return send(404, "not found", "text/plain");
}).listen(port, "127.0.0.1");
