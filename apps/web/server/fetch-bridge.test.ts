import { Readable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { readAtLeast, sendFetchResponse, sendSharedPage } from "./fetch-bridge.ts";
import { createPageMicrocache } from "./page-microcache.ts";

const PAGE = `<!doctype html><html><body>${"<p>Курс</p>".repeat(400)}</body></html>`;
const HTML = { "content-type": "text/html; charset=utf-8" };

/** A page streamed in two pieces, as React sends the shell and then the rest. */
function streamedPage(text = PAGE, headers: HeadersInit = HTML): Response {
  const encoder = new TextEncoder();
  const middle = Math.floor(text.length / 2);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(text.slice(0, middle)));
      controller.enqueue(encoder.encode(text.slice(middle)));
      controller.close();
    },
  });
  return new Response(body, { headers });
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Like entry.server.tsx: a HEAD request renders no body. */
function render(method: string, respond: () => Response): Response {
  const response = respond();
  if (method !== "HEAD") return response;
  return new Response(null, { status: response.status, headers: response.headers });
}

async function serve(respond: () => Response, cached = false): Promise<FastifyInstance> {
  const server = Fastify();
  app = server;
  const cache = createPageMicrocache({ paths: ["/"], ttlMs: 60_000 });
  server.route({
    method: ["GET", "HEAD"],
    url: "/",
    handler: async (request, reply) =>
      cached
        ? sendSharedPage(request, reply, {
            cache,
            key: "/",
            render: async (pageRequest) => render(pageRequest.method, respond),
          })
        : sendFetchResponse(request, reply, render(request.method, respond)),
  });
  return server;
}

describe.each([
  ["streamed", false],
  ["from the microcache", true],
])("a page sent %s", (_name, cached) => {
  it("is sent unchanged to a client that accepts no encoding", async () => {
    const server = await serve(() => streamedPage(), cached);
    const response = await server.inject({ url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.body).toBe(PAGE);
  });

  it("is compressed with Brotli or gzip as accepted", async () => {
    const server = await serve(() => streamedPage(), cached);
    const br = await server.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    const gz = await server.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(PAGE);
  });

  it("leaves small bodies, images and already encoded bodies alone", async () => {
    const accept = { "accept-encoding": "br" };
    let server = await serve(() => streamedPage("<p>tiny</p>"), cached);
    let response = await server.inject({ url: "/", headers: accept });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe("<p>tiny</p>");
    await server.close();

    server = await serve(() => streamedPage(PAGE, { "content-type": "image/png" }), cached);
    response = await server.inject({ url: "/", headers: accept });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    await server.close();

    const gzipped = { ...HTML, "content-encoding": "gzip" };
    server = await serve(() => streamedPage(PAGE, gzipped), cached);
    response = await server.inject({ url: "/", headers: accept });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.body).toBe(PAGE);
  });

  it("answers HEAD with the headers and no body", async () => {
    const server = await serve(() => streamedPage(), cached);
    const head = await server.inject({
      method: "HEAD",
      url: "/",
      headers: { "accept-encoding": "br" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers.vary).toBe("Accept-Encoding");
    expect(head.rawPayload.length).toBe(0);
    if (cached) {
      // The shared page was rendered as a GET: HEAD has GET's headers, and the GET served
      // from the cache after it gets the whole page, not the empty HEAD render.
      const get = await server.inject({ url: "/", headers: { "accept-encoding": "br" } });
      expect(head.headers["content-encoding"]).toBe("br");
      expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
      expect(brotliDecompressSync(get.rawPayload).toString()).toBe(PAGE);
      expect((await server.inject({ url: "/" })).body).toBe(PAGE);
    }
  });
});

it("keeps a page's own Vary and adds Accept-Encoding once", async () => {
  const server = await serve(() => streamedPage(PAGE, { ...HTML, vary: "Cookie" }));
  const response = await server.inject({ url: "/", headers: { "accept-encoding": "br" } });
  expect(response.headers.vary).toBe("Cookie, Accept-Encoding");
});

describe("readAtLeast", () => {
  it("returns a short body whole, and a long one as a stream that starts at the beginning", async () => {
    expect(await readAtLeast(Readable.from([Buffer.from("ab"), Buffer.from("c")]), 10)).toEqual(
      Buffer.from("abc"),
    );
    const pieces = ["0123", "4567", "89"].map((piece) => Buffer.from(piece));
    const long = await readAtLeast(Readable.from(pieces), 5);
    expect(Buffer.isBuffer(long)).toBe(false);
    const chunks: Buffer[] = [];
    for await (const chunk of long as Readable) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("0123456789");
  });
});
