import { fileURLToPath } from "node:url";
import { API_KEY_HEADER } from "@obmen/contracts";
import { seedContent } from "@obmen/db";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

/** Small texts in every kind, with a missing translation and a hostile body on purpose. */
export const CONTENT_FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

/** A real API on a database holding only the fixture texts (no demo catalogue needed). */
export async function startContentApi(): Promise<TestApi> {
  const api = await startTestApi({ seed: false });
  await seedContent(api.db, { folder: CONTENT_FIXTURES });
  return api;
}

/** One `/content/*` GET as the test partner (or with the given key; null sends none). */
export async function getContent(
  api: TestApi,
  url: string,
  options: { key?: string | null; headers?: Record<string, string> } = {},
) {
  const key = options.key === undefined ? TEST_CLIENT.publicKey : options.key;
  const response = await api.app.inject({
    method: "GET",
    url,
    headers: { ...(key === null ? {} : { [API_KEY_HEADER]: key }), ...options.headers },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body === "" ? null : (response.json() as Record<string, any>),
  };
}
