import { AdminApiError, createAdminClient } from "@obmen/contracts/admin-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestApi,
  APP_ORIGIN,
  addOperator,
  PASSWORD,
  placeOrder,
  startAdminApi,
} from "./support/admin-kit.ts";

/**
 * The console's browser client over real HTTP, with a fetch that behaves as a browser on the
 * console's page would: it keeps the session cookie and sends the page's Origin.
 */
describe("the console client (@obmen/contracts/admin-client)", () => {
  let api: AdminTestApi;
  let baseUrl: string;
  let cookie = "";
  const browserFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("origin", APP_ORIGIN);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(input, { ...init, headers });
    const set = response.headers.get("set-cookie");
    if (set) cookie = /Max-Age=0/.test(set) ? "" : set.split(";")[0]!;
    return response;
  };
  beforeAll(async () => {
    api = await startAdminApi();
    await addOperator(api, "desk@obmen.example", "operator");
    baseUrl = await api.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => api.close());

  it("signs in, works the desk, reports refusals as AdminApiError, signs out", async () => {
    const client = createAdminClient({ baseUrl, fetch: browserFetch, lang: "en" });
    const unauthorised = await client.me().catch((error: unknown) => error);
    expect(unauthorised).toBeInstanceOf(AdminApiError);
    expect((unauthorised as AdminApiError).status).toBe(401);

    const { operator } = await client.login({ email: "desk@obmen.example", password: PASSWORD });
    expect(operator.role).toBe("operator");
    const uuid = await placeOrder(api, { paid: true });
    const queue = await client.orders.list({ status: "paid" });
    expect(queue.items.map((item) => item.exchange_uuid)).toEqual([uuid]);
    const taken = await client.orders.setStatus(uuid, { status: "processing" });
    expect(taken.exchange_status).toBe("processing");

    const conflict = await client.orders
      .setStatus(uuid, { status: "cancelled" })
      .catch((error: unknown) => error as AdminApiError);
    expect(conflict).toMatchObject({ status: 409, code: "CONFLICT" });
    const invalid = await client.orders
      .setStatus(uuid, { status: "completed" })
      .catch((error: unknown) => error as AdminApiError);
    expect(invalid).toMatchObject({ status: 422, code: "VALIDATION_FAILED" });
    expect(Object.keys(invalid.fields)).toEqual(["payout_reference"]);
    const forbidden = await client.operators
      .list()
      .catch((error: unknown) => error as AdminApiError);
    expect(forbidden).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      details: { reason: "role" },
    });

    await client.logout();
    expect(await client.me().catch((error: AdminApiError) => error.status)).toBe(401);
  });
});
