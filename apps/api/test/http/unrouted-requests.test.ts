import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 16 point 3: odd methods, undecodable URLs and oversized bodies, each measured once
// answering outside the API's error shape (or not at all), now a 4xx in it.
describe("requests no route takes", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
  });
  afterAll(() => api.close());
  let port: number | undefined;
  /** The app on a loopback port (once for the file). */
  const listening = async () => {
    port ??= Number(new URL(await api.app.listen({ port: 0, host: "127.0.0.1" })).port);
    return port;
  };

  it("answers a method nothing serves with 405, Allow and the API's error shape", async () => {
    for (const method of ["PROPFIND", "SEARCH", "MKCOL", "DELETE", "PUT"]) {
      for (const url of ["/rest/currency_pair/list", "/content/pages", "/api/verify"]) {
        const response = await api.app.inject({
          method: method as "GET",
          url,
          headers: { "accept-language": "uk" },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST, PATCH");
        expect(response.json().error).toEqual({
          code: "METHOD_NOT_ALLOWED",
          message: expect.any(String),
        });
      }
    }
  });

  it("answers a method Node's parser does not know (FOO) with 405 in the API's error shape", async () => {
    // It never reaches Fastify's router: llhttp refuses the method itself (and inject, which
    // skips the parser, refuses to send it), so only a socket can ask.
    const port = await listening();
    const answer = await rawExchange(
      port,
      "FOO /rest/currency_pair/list HTTP/1.1\r\nHost: x\r\nAccept-Language: uk\r\n\r\n",
    );
    const { status, headers, body } = parseAnswer(answer);
    expect(status).toBe("HTTP/1.1 405 Method Not Allowed");
    expect(headers.allow).toBe("GET, HEAD, POST, PATCH");
    expect(JSON.parse(body)).toEqual({
      error: { code: "METHOD_NOT_ALLOWED", message: "Метод не підтримується." },
    });
  });

  it("answers CONNECT with 405 in the API's error shape instead of dropping the connection", async () => {
    const port = await listening();
    const answer = await rawExchange(
      port,
      "CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\nAccept-Language: en\r\n\r\n",
    );
    const { status, headers, body } = parseAnswer(answer);
    expect(status).toBe("HTTP/1.1 405 Method Not Allowed");
    expect(headers.allow).toBe("GET, HEAD, POST, PATCH");
    expect(JSON.parse(body).error.code).toBe("METHOD_NOT_ALLOWED");
  });

  it("keeps Fastify's answer to other requests the parser refuses", async () => {
    const port = await listening();
    const answer = await rawExchange(port, "GET /rest/x HTTP/1.1\r\nBad Header\r\n\r\n");
    expect(parseAnswer(answer).status).toBe("HTTP/1.1 400 Bad Request");
  });

  it("answers an odd method on a site path with 405 and Allow", async () => {
    const response = await api.app.inject({ method: "PROPFIND" as "GET", url: "/order/x" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
  });

  it("answers an undecodable or unknown API path with 404 in the API's error shape", async () => {
    for (const url of ["/content/pages/%ff%fe", "/rest/%c0", "/api/%ff", "/rest/nothing-here"]) {
      const response = await api.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("lets a client still sending an oversized body read its 413", async () => {
    const port = await listening();
    const size = 3 * 1024 * 1024;
    // Without `Expect: 100-continue`, written in pieces while the server has already decided.
    const send = () =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1");
        let answer = "";
        socket.on("data", (data) => {
          answer += data;
        });
        socket.on("error", () => resolve(answer));
        socket.on("close", () => resolve(answer));
        socket.write(
          "POST /rest/exchange/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
            `Content-Length: ${size}\r\n\r\n`,
        );
        const piece = Buffer.alloc(64 * 1024, 97);
        let sent = 0;
        const pump = () => {
          while (sent < size) {
            sent += piece.length;
            if (!socket.write(piece)) return void socket.once("drain", pump);
          }
        };
        pump();
      });
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    for (const answer of answers) {
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
      expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    }
  });
});

/** Writes `request` on a fresh connection and reads until the server closes it (or 5 s). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on("data", (data) => {
      answer += data;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

function parseAnswer(answer: string) {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const [status = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status, headers, body };
}
