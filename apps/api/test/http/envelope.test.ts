import { sealEnvelope, signData, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HMAC_CLIENT, startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

const PATH = "/rest/currency_pair/list";

function seal(
  overrides: { now?: number; secret?: string; publicKey?: string; payload?: object } = {},
) {
  return sealEnvelope({
    payload: (overrides.payload ?? {}) as Record<string, unknown>,
    publicKey: overrides.publicKey ?? TEST_CLIENT.publicKey,
    secret: overrides.secret ?? TEST_CLIENT.secret,
    ip: "198.51.100.4",
    lang: "en",
    now: overrides.now,
  });
}

describe("signed envelope", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const post = (
    payload: unknown,
    headers: Record<string, string> = {},
    contentType = "application/json",
  ) =>
    api.app.inject({
      method: "POST",
      url: PATH,
      headers: { "content-type": contentType, ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  it("accepts a valid envelope and answers with data", async () => {
    const { envelope, timestamp } = seal();
    const response = await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json().data)).toBe(true);
    expect(response.json().data.length).toBeGreaterThanOrEqual(60);
  });

  it("accepts the stronger HMAC-SHA256 scheme for a client configured with it", async () => {
    const { envelope, timestamp } = sealEnvelope({
      payload: {},
      publicKey: HMAC_CLIENT.publicKey,
      secret: HMAC_CLIENT.secret,
      algorithm: "hmac-sha256",
      ip: "198.51.100.4",
    });
    expect((await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp) })).statusCode).toBe(200);
    // …and refuses the weaker digest for that client, so a downgrade is impossible.
    const weak = {
      data: envelope.data,
      signed: signData(envelope.data, HMAC_CLIENT.secret, "sha256"),
    };
    const response = await post(weak, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("BAD_SIGNATURE");
  });

  it("refuses tampered data with BAD_SIGNATURE", async () => {
    const { envelope, timestamp } = seal();
    const decoded = JSON.parse(Buffer.from(envelope.data, "base64").toString());
    decoded.ip = "10.0.0.1";
    const tampered = { ...envelope, data: Buffer.from(JSON.stringify(decoded)).toString("base64") };
    const response = await post(tampered, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("BAD_SIGNATURE");
    expect(response.json().error.message).toBe("The request signature does not match.");
  });

  it("refuses a wrong secret with BAD_SIGNATURE", async () => {
    const { envelope, timestamp } = seal({ secret: "not-the-secret-not-the-secret-00" });
    const response = await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("BAD_SIGNATURE");
  });

  it("refuses an unknown public key with UNKNOWN_CLIENT", async () => {
    const { envelope, timestamp } = seal({ publicKey: "pk_nobody" });
    const response = await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNKNOWN_CLIENT");
  });

  it.each([
    ["stale", -301_000],
    ["future", 301_000],
  ])("refuses a %s timestamp with STALE_REQUEST", async (_label, offset) => {
    const { envelope, timestamp } = seal({ now: Date.now() + offset });
    const response = await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("STALE_REQUEST");
  });

  it("refuses a missing or mismatched X-Timestamp header", async () => {
    const { envelope, timestamp } = seal();
    expect((await post(envelope)).json().error.code).toBe("STALE_REQUEST");
    const mismatched = await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp + 1) });
    expect(mismatched.statusCode).toBe(401);
    expect(mismatched.json().error.code).toBe("STALE_REQUEST");
  });

  it("refuses a replayed signature with REPLAYED_REQUEST", async () => {
    const { envelope, timestamp } = seal();
    const headers = { [TIMESTAMP_HEADER]: String(timestamp) };
    expect((await post(envelope, headers)).statusCode).toBe(200);
    const replay = await post(envelope, headers);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe("REPLAYED_REQUEST");
  });

  it("accepts the GET form with data and signed in the query", async () => {
    const { envelope, timestamp } = seal();
    const response = await api.app.inject({
      method: "GET",
      url: `${PATH}?${new URLSearchParams({ data: envelope.data, signed: envelope.signed })}`,
      headers: { [TIMESTAMP_HEADER]: String(timestamp) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.length).toBeGreaterThanOrEqual(60);
  });

  it("refuses a GET without the envelope with BAD_ENVELOPE", async () => {
    const response = await api.app.inject({ method: "GET", url: PATH });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("BAD_ENVELOPE");
  });

  it("refuses a non-JSON body with UNSUPPORTED_MEDIA_TYPE", async () => {
    const response = await post("data=abc&signed=def", {}, "text/plain");
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses malformed JSON and non-base64 data with BAD_ENVELOPE", async () => {
    const broken = await post("{not json");
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe("BAD_ENVELOPE");
    const notBase64 = await post({ data: "%%%", signed: "a".repeat(64) });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().error.code).toBe("BAD_ENVELOPE");
    const extraKey = await post({ ...seal().envelope, extra: 1 });
    expect(extraKey.json().error.code).toBe("BAD_ENVELOPE");
  });

  it("refuses an oversized body with PAYLOAD_TOO_LARGE", async () => {
    const response = await post({ data: "A".repeat(100 * 1024), signed: "0".repeat(64) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers in the request's language", async () => {
    const { envelope, timestamp } = sealEnvelope({
      payload: {},
      publicKey: TEST_CLIENT.publicKey,
      secret: "wrong-wrong-wrong-wrong-wrong-wrong-00",
      ip: "198.51.100.4",
      lang: "uk",
    });
    const response = await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(response.json().error.message).toBe("Підпис запиту не збігається.");
  });

  it("refuses an unsupported lang as a validation error", async () => {
    const data = Buffer.from(
      JSON.stringify({
        public_key: TEST_CLIENT.publicKey,
        ip: "1.2.3.4",
        lang: "de",
        timestamp: Date.now(),
      }),
    ).toString("base64");
    const response = await post(
      { data, signed: signData(data, TEST_CLIENT.secret, "sha256") },
      { "accept-language": "uk-UA,uk;q=0.9" },
    );
    expect(response.statusCode).toBe(422);
    // Worded in the Accept-Language's language, since the envelope's own is unusable.
    expect(response.json().error).toEqual({
      code: "VALIDATION_FAILED",
      message: "Перевірте введені дані.",
      fields: { lang: "lang: допустимі значення — ru, en, uk" },
    });
  });

  it("names an unknown key by itself, even one that is a property of every object", async () => {
    const payload = JSON.parse('{"constructor": 1, "toString": 2, "__proto__": 3}');
    const { envelope, timestamp } = seal({ payload });
    const response = await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(JSON.parse(response.body, (_key, value) => value).error.fields).toEqual(
      JSON.parse(`{
        "constructor": "constructor is not a known field",
        "toString": "toString is not a known field",
        "__proto__": "__proto__ is not a known field"
      }`),
    );
  });

  it("refuses unknown payload keys with a field message", async () => {
    const { envelope, timestamp } = seal({ payload: { surprise: true } });
    const response = await post(envelope, { [TIMESTAMP_HEADER]: String(timestamp) });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { surprise: "surprise is not a known field" },
    });
  });

  it("answers unknown API paths with the API error shape", async () => {
    const response = await api.app.inject({ method: "POST", url: "/rest/nothing/here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });
});
