import { ErrorCode } from "@obmen/contracts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type AdminTestApi,
  addOperator,
  adminCall,
  logIn,
  placeOrder,
  startAdminApi,
} from "../admin/support/admin-kit.ts";
import { hostilePayload, hostileValue } from "./hostile-values.ts";
import { describeChange, type RowSnapshot, rowSnapshotter } from "./row-snapshot.ts";

// Issue 16 point 1: the operator console's API as a signed-in admin sees it. The anonymous
// console is fuzzed in contract-fuzz.test.ts; here every call gets hostile bodies, queries and
// path ids with a live admin session. Every answer is < 500 and a refusal is in the error
// shape, and no refused request changes a row: the tables are counted after every request, so
// the request that changed one is named. FUZZ_SEED replays a run; FUZZ_SESSION_RUNS sizes it.
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_SESSION_RUNS ?? 1_000);

const ErrorBody = z.strictObject({
  error: z.strictObject({
    code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
    message: z.string().min(1),
    fields: z.record(z.string(), z.string().min(1)).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * Calls that act on any input, or on none, for the admin signed in: ending the session or
 * starting a TOTP enrolment would change what every later case meets. They are fuzzed
 * without a session in contract-fuzz.test.ts.
 */
const SESSION_ENDING = new Set(["POST /admin/api/logout", "POST /admin/api/me/totp"]);

function keysOf(schema: unknown): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

/** A path segment as a client would send it; text that is not UTF-8 goes as raw bad bytes. */
function pathSegment(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "x");
  try {
    return encodeURIComponent(text) || "%20";
  } catch {
    return "%ed%a0%80";
  }
}

describe("the operator console's API under hostile input, signed in", () => {
  let api: AdminTestApi;
  let cookie: string;
  let snapshot: () => Promise<RowSnapshot>;
  /** Real ids for each path parameter, so cases reach the handlers and not only the 404s. */
  const realIds: Record<string, unknown[]> = {};

  beforeAll(async () => {
    api = await startAdminApi();
    await addOperator(api, "fuzz-admin@obmen.example", "admin");
    const other = await addOperator(api, "fuzz-other@obmen.example", "operator");
    cookie = await logIn(api, "fuzz-admin@obmen.example");
    const orders = [await placeOrder(api), await placeOrder(api, { paid: true })];
    const content = await adminCall(api, "GET", "/admin/api/content", { cookie });
    realIds.uuid = orders;
    realIds.operators = [other.id];
    realIds.currencies = [1, 2];
    realIds.pairs = [1, 2];
    realIds.content = (content.body.data?.items ?? content.body.data ?? [])
      .slice(0, 2)
      .map((item: { id: unknown }) => item.id);
    snapshot = await rowSnapshotter(api.db);
  }, 120_000);
  afterAll(() => api?.close());

  /** The real ids a `{param}` after `/collection/` may take. */
  function idsFor(path: string, param: string, offset: number): unknown[] {
    if (param === "uuid") return realIds.uuid ?? [];
    const collection = path.slice(0, offset).split("/").filter(Boolean).at(-1) ?? "";
    return realIds[collection] ?? [];
  }

  it(`answers ${RUNS} hostile console requests with a session: < 500, refusals in the error shape, no row changed by a refusal`, async () => {
    const routes = api.docs.admin.filter(
      (route) => !SESSION_ENDING.has(`${route.method} ${route.path}`),
    );
    const runsEach = Math.ceil(RUNS / routes.length);
    console.log(
      `console session fuzz: seed ${SEED}, ${runsEach * routes.length} cases over ${routes.length} routes (replay: FUZZ_SEED=${SEED})`,
    );
    const answered: string[] = [];
    const acted: string[] = [];
    let baseline = await snapshot();
    const started = performance.now();
    for (const [index, route] of routes.entries()) {
      const name = `${route.method} ${route.path}`;
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
        name: match[1]!,
        choices: idsFor(route.path, match[1]!, match.index),
      }));
      const statuses = new Map<number, number>();
      const routeStarted = performance.now();
      await fc.assert(
        fc.asyncProperty(
          hostilePayload([...keysOf(route.body), ...keysOf(route.query)]),
          fc.tuple(
            ...params.map(({ choices }) =>
              choices.length > 0
                ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...choices) }, hostileValue)
                : hostileValue,
            ),
          ),
          async (payload, ids) => {
            let i = 0;
            let url = route.path.replace(/\{\w+\}/g, () => pathSegment(ids[i++]));
            if (route.method === "GET") {
              const query = new URLSearchParams(
                Object.entries(payload).map(([key, value]) => [
                  key,
                  typeof value === "string" ? value : (JSON.stringify(value) ?? ""),
                ]),
              );
              url = `${url}?${query}`;
            }
            const answer = await adminCall(api, route.method as "POST", url, {
              cookie,
              body: route.method === "GET" ? undefined : payload,
            });
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const shown = `${name} ${url.slice(0, 120)} ${JSON.stringify(payload).slice(0, 300)}`;
            expect(answer.status, `${shown}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
            if (answer.status >= 400) {
              expect(
                ErrorBody.safeParse(answer.body).success,
                `${shown}: ${JSON.stringify(answer.body)}`,
              ).toBe(true);
            }
            // Reads are checked once their route is done; a write after each request.
            if (route.method === "GET") return;
            const after = await snapshot();
            if (answer.status >= 400) {
              expect(describeChange(baseline, after), `refused ${shown} changed rows`).toBe("");
            } else {
              if (describeChange(baseline, after) !== "") acted.push(shown);
              baseline = after;
            }
          },
        ),
        { seed: SEED + index, numRuns: runsEach, endOnFailure: true },
      );
      const ms = Math.round(performance.now() - routeStarted);
      answered.push(`${name}: ${JSON.stringify(Object.fromEntries(statuses))} in ${ms} ms`);
      if (route.method === "GET") {
        expect(describeChange(baseline, await snapshot()), `reads of ${name} changed rows`).toBe(
          "",
        );
      }
      // The session must outlive every call's fuzzing, or the cases after it met only 401s.
      const me = await adminCall(api, "GET", "/admin/api/me", { cookie });
      expect(me.status, `the session ended while fuzzing ${name}`).toBe(200);
    }
    console.log(answered.join("\n"));
    console.log(
      `console session fuzz: ${Math.round(performance.now() - started)} ms; accepted requests that changed rows:`,
      acted,
    );
  }, 600_000);
});
