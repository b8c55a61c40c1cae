import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { serializeError } from "../src/logging/log-serializers.ts";
import { redactUrl } from "../src/logging/redact-url.ts";
import { requestIdGenerator } from "../src/logging/request-id.ts";

describe("redactUrl", () => {
  it("keeps a path and the harmless query values, and nothing else", () => {
    expect(redactUrl("/rest/exchange/info")).toBe("/rest/exchange/info");
    expect(redactUrl("/rest/user/info?data=eyJ0b2tlbiI6IngifQ&signed=ab12&lang=en")).toBe(
      "/rest/user/info?data=[redacted]&signed=[redacted]&lang=en",
    );
    expect(redactUrl("/admin/api/orders?q=4276+3800+1234+5679&page=2&status=paid")).toBe(
      "/admin/api/orders?q=[redacted]&page=2&status=paid",
    );
    // A harmless name with a value that is no harmless value, and data put where a name goes.
    expect(redactUrl("/?lang=en%0A%7B%22msg%22&4276380012345679=1")).toBe(
      "/?lang=[redacted]&[redacted]",
    );
    // Each kept name keeps only its own shape: a word-like secret in `?lang=` is still cut.
    expect(redactUrl("/en/logout?lang=site-pa55word-cobalt-58&page=2x&status=Paid1")).toBe(
      "/en/logout?lang=[redacted]&page=[redacted]&status=[redacted]",
    );
  });

  it("hides the e-mailed links' tokens, in any locale and letter case", () => {
    for (const [url, safe] of [
      ["/restore/abcdefghijklmnop2345", "/restore/[redacted]"],
      ["/en/confirm/abcdefghijklmnop2345?x=1", "/en/confirm/[redacted]?x=[redacted]"],
      ["/uk/Confirm-Login/abcdefghijklmnop2345", "/uk/Confirm-Login/[redacted]"],
    ])
      expect(redactUrl(url!)).toBe(safe);
    expect(redactUrl("/en/exchange")).toBe("/en/exchange");
  });
});

describe("serializeError", () => {
  it("drops a failed query's parameters from the message, the stack and the cause", () => {
    const cause = new Error("duplicate key value violates unique constraint");
    const error = new Error(
      'Failed query: insert into "orders" ("fields") values ($1)\nparams: [{"key":"card","value":"4276380012345679"}]',
      { cause },
    );
    const serialized = serializeError(error);
    expect(JSON.stringify(serialized)).not.toContain("4276380012345679");
    expect(serialized.message).toBe(
      'Failed query: insert into "orders" ("fields") values ($1)\nparams: [redacted]',
    );
    expect((serialized.cause as { message: string }).message).toBe(cause.message);
  });
});

describe("the request id", () => {
  const request = (id: string | undefined, peer = "10.0.0.5") =>
    ({
      headers: id === undefined ? {} : { "x-request-id": id },
      socket: { remoteAddress: peer },
    }) as unknown as IncomingMessage;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("is the proxy's when the peer is a trusted proxy and the value is sane", () => {
    const trusted = requestIdGenerator({ trustProxy: true });
    expect(trusted(request("3f2a9c1e-proxy-7781"))).toBe("3f2a9c1e-proxy-7781");
    for (const insane of ["short", "x".repeat(129), 'a"} {"msg":"forged"', "id with spaces"])
      expect(trusted(request(insane))).toMatch(uuid);
    expect(trusted(request(undefined))).toMatch(uuid);
  });

  it("is new when the connection does not come from a listed proxy", () => {
    const listed = requestIdGenerator({ trustProxy: "127.0.0.1, 10.0.0.0/8" });
    expect(listed(request("3f2a9c1e-proxy-7781", "10.1.2.3"))).toBe("3f2a9c1e-proxy-7781");
    expect(listed(request("3f2a9c1e-proxy-7781", "203.0.113.9"))).toMatch(uuid);
    const oneHop = requestIdGenerator({ trustProxy: (_address, hop) => hop < 1 });
    expect(oneHop(request("3f2a9c1e-proxy-7781"))).toBe("3f2a9c1e-proxy-7781");
  });

  it("is always new without a trusted proxy: a client cannot choose it", () => {
    const untrusted = requestIdGenerator({ trustProxy: false });
    expect(untrusted(request("3f2a9c1e-proxy-7781"))).toMatch(uuid);
  });
});
