import { PassThrough, Readable } from "node:stream";
import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  compressBody,
  compressStream,
  isCompressibleType,
  negotiateEncoding,
} from "./content-encoding.ts";

describe("negotiateEncoding", () => {
  it("prefers Brotli, falls back to gzip, and sends identity when nothing is accepted", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("x-gzip")).toBe("gzip");
    expect(negotiateEncoding("deflate")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding("identity")).toBeNull();
  });

  it("honours q-values, q=0 and the wildcard", () => {
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0.1, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("BR ; Q=1")).toBe("br");
    expect(negotiateEncoding("br;q=nonsense, gzip")).toBe("gzip");
  });

  it("chooses only among the encodings a file has", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBeNull();
    expect(negotiateEncoding("br, gzip", [])).toBeNull();
  });
});

describe("isCompressibleType", () => {
  it("compresses text, scripts, JSON, XML and SVG, not images or event streams", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "text/x-script",
      "text/javascript",
      "application/json",
      "application/xml; charset=utf-8",
      "application/manifest+json",
      "image/svg+xml",
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
    for (const type of [
      "image/png",
      "font/woff2",
      "application/octet-stream",
      "text/event-stream",
    ]) {
      expect(isCompressibleType(type), type).toBe(false);
    }
    expect(isCompressibleType(undefined)).toBe(false);
  });
});

describe("compression", () => {
  const page = Buffer.from("<p>Курс обмена</p>".repeat(500));

  it("compresses a whole body with either encoding", async () => {
    const br = await compressBody(page, "br");
    const gz = await compressBody(page, "gzip");
    expect(brotliDecompressSync(br)).toEqual(page);
    expect(gunzipSync(gz)).toEqual(page);
    expect(br.length).toBeLessThan(page.length / 10);
  });

  it("sends what a streamed source has written before the source ends", async () => {
    const source = new PassThrough();
    const compressed = compressStream(source, "br");
    const received: Buffer[] = [];
    compressed.on("data", (chunk: Buffer) => received.push(chunk));
    // The shell goes out while a Suspense boundary is still pending.
    source.write("<html><body>shell");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Decoding what has arrived so far, as a browser does while the page loads.
    const sofar = brotliDecompressSync(Buffer.concat(received), {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
    });
    expect(sofar.toString()).toBe("<html><body>shell");
    source.end("<p>late</p></body></html>");
    await new Promise((resolve) => compressed.on("end", resolve));
    expect(brotliDecompressSync(Buffer.concat(received)).toString()).toBe(
      "<html><body>shell<p>late</p></body></html>",
    );
  });

  it("round-trips a large streamed body with gzip and stops the source when destroyed", async () => {
    const gz = compressStream(Readable.from([page, page]), "gzip");
    const chunks: Buffer[] = [];
    for await (const chunk of gz) chunks.push(chunk as Buffer);
    expect(gunzipSync(Buffer.concat(chunks))).toEqual(Buffer.concat([page, page]));

    const source = new PassThrough();
    compressStream(source, "br").destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});
