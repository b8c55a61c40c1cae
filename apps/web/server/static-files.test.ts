import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadStaticFiles, registerStaticFiles } from "./static-files.ts";

const SCRIPT = `export const rates = ${JSON.stringify(Array(200).fill("BTC→SBERRUB"))};\n`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';

let clientDir: string;
let app: FastifyInstance;

beforeEach(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "obmen-static-"));
  mkdirSync(join(clientDir, "assets"));
  mkdirSync(join(clientDir, "icons"));
  mkdirSync(join(clientDir, ".vite"));
  const script = join(clientDir, "assets", "entry-AbC123.js");
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(join(clientDir, "icons", "btc.svg"), ICON);
  writeFileSync(join(clientDir, ".vite", "manifest.json"), "{}");
  app = Fastify();
  registerStaticFiles(app, await loadStaticFiles(clientDir));
});

afterEach(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  app.inject({ method, url, headers });

describe("static files", () => {
  it("serves a hashed asset as immutable, in the encoding the browser accepts", async () => {
    const plain = await get("/assets/entry-AbC123.js");
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const br = await get("/assets/entry-AbC123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload).toEqual(brotliCompressSync(SCRIPT));
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);

    const gz = await get("/assets/entry-AbC123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload).toEqual(gzipSync(SCRIPT));

    // Each representation has its own validator (RFC 9110 §8.8.3).
    expect(new Set([plain, br, gz].map((response) => response.headers.etag)).size).toBe(3);
  });

  it("answers a matching If-None-Match with 304 and HEAD with headers only", async () => {
    const first = await get("/assets/entry-AbC123.js", { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    const again = await get("/assets/entry-AbC123.js", {
      "accept-encoding": "br",
      "if-none-match": `W/"other", ${etag}`,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The Brotli tag does not validate the plain body.
    expect((await get("/assets/entry-AbC123.js", { "if-none-match": etag })).statusCode).toBe(200);

    const head = await get("/assets/entry-AbC123.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
  });

  it("serves public files for 30 days with an ETag, and nothing that is not a file", async () => {
    const icon = await get("/icons/btc.svg", { "accept-encoding": "br" });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toBe(ICON);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=2592000");
    expect(icon.headers["content-encoding"]).toBeUndefined();
    expect(icon.headers.vary).toBeUndefined();
    const revalidated = await get("/icons/btc.svg", { "if-none-match": String(icon.headers.etag) });
    expect(revalidated.statusCode).toBe(304);

    for (const url of [
      "/assets/unknown-XyZ.js",
      "/assets/entry-AbC123.js.br",
      "/assets/entry-AbC123.js.gz",
      "/.vite/manifest.json",
      "/icons/../assets/entry-AbC123.js.br",
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("re-reads a public file that changed while running, and forgets one that is gone", async () => {
    const file = join(clientDir, "icons", "btc.svg");
    const before = await get("/icons/btc.svg");
    writeFileSync(file, `${ICON}<!-- v2 -->`);
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const after = await get("/icons/btc.svg", { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(`${ICON}<!-- v2 -->`);
    expect(after.headers.etag).not.toBe(before.headers.etag);

    rmSync(file);
    expect((await get("/icons/btc.svg")).statusCode).toBe(404);
  });
});
