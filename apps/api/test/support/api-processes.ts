import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import {
  apiClients,
  createTestDatabase,
  currencies,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { eq } from "drizzle-orm";
import { createOperator } from "../../src/admin/operators/create-operator.ts";
import { PASSWORD } from "../admin/support/admin-kit.ts";
import { createForm, findPair } from "./orders.ts";
import { TEST_CLIENT } from "./test-api.ts";

// Tests of what must hold across replicas: the API alone in processes of its own on one
// PostgreSQL, and the partner's and the console's calls to them over real HTTP.

const script = fileURLToPath(new URL("./api-process.ts", import.meta.url));

/** `APP_URL` of api-process.ts: the console's calls come from this origin. */
const ORIGIN = "http://localhost";

/**
 * A test database with the demo catalogue and the test partner (TEST_CLIENT) the processes'
 * calls are signed as; `sberbankReserve` sets the reserve of SBERRUB, the receive side of
 * the orders these tests make.
 */
export async function createSeededDatabase(
  options: { sberbankReserve?: string } = {},
): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await seedDemoCatalogue(database.db);
  await database.db.insert(apiClients).values(TEST_CLIENT);
  if (options.sberbankReserve !== undefined) {
    await database.db
      .update(currencies)
      .set({ reserve: options.sberbankReserve })
      .where(eq(currencies.urlXml, "SBERRUB"));
  }
  return database;
}

export interface ApiProcesses {
  /** The port each process listens on, in the order they started. */
  ports: number[];
  /** SIGTERM to each, resolved once all have exited. */
  stop: () => Promise<void>;
}

/** Starts one process; resolves once it prints "ready <port>" (it listens on a free port). */
function startApiProcess(
  databaseUrl: string,
  options: { entry?: string; env?: Record<string, string> },
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [options.entry ?? script], {
    env: { ...process.env, ...options.env, DATABASE_URL: databaseUrl, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let printed = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const ready = /ready (\d+)/.exec(printed);
      if (ready) resolve({ child, port: Number(ready[1]) });
    });
    child.on("exit", (code) => reject(new Error(`api process exited with ${code}`)));
  });
}

/**
 * Starts `count` API processes (default two) one after the other against the PostgreSQL at
 * `databaseUrl`, as replicas run. `entry` is another process script printing "ready <port>"
 * once it listens on PORT (default api-process.ts); `env` adds to the processes' environment.
 */
export async function startApiProcesses(
  databaseUrl: string,
  options: { count?: number; entry?: string; env?: Record<string, string> } = {},
): Promise<ApiProcesses> {
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  const stop = async () => {
    const running = children.filter((child) => child.exitCode === null);
    const exited = running.map((child) => new Promise((resolve) => child.once("exit", resolve)));
    for (const child of running) child.kill("SIGTERM");
    await Promise.all(exited);
  };
  try {
    for (let index = 0; index < (options.count ?? 2); index++) {
      const { child, port } = await startApiProcess(databaseUrl, options);
      children.push(child);
      ports.push(port);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports, stop };
}

export interface Answer {
  status: number;
  body: Record<string, any>;
}

/**
 * A call signed as the test partner (TEST_CLIENT) to the process on `port`, for the visitor at
 * `ip` (default 203.0.113.9), signed in with `token` when given. Identical envelopes sealed in
 * one millisecond are replays: calls sent at once differ in payload or `ip`.
 */
export async function sealedPost(
  port: number,
  path: string,
  payload: Record<string, unknown>,
  options: { ip?: string; token?: string } = {},
): Promise<Answer> {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip: options.ip ?? "203.0.113.9",
    lang: "en",
    ...(options.token ? { userAuthToken: options.token } : {}),
  });
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
    body: JSON.stringify(envelope),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A console POST to the process on `port`, with the session `cookie`; `cookie` of the answer. */
export async function consolePost(
  port: number,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<Answer & { cookie: string | null }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const setCookie = response.headers.get("set-cookie");
  return {
    status: response.status,
    body: (await response.json()) as Record<string, any>,
    cookie: setCookie ? setCookie.split(";")[0]! : null,
  };
}

/**
 * One operator of `role` per process (`operator-1@obmen.example`, …), each signed in on its own
 * process: the session cookies, in the order of `ports`.
 */
export async function signInOperators(
  database: TestDatabase,
  ports: number[],
  role: "admin" | "operator",
): Promise<string[]> {
  const cookies: string[] = [];
  for (const [index, port] of ports.entries()) {
    const email = `operator-${index + 1}@obmen.example`;
    await createOperator({
      db: database.db,
      email,
      password: PASSWORD,
      role,
      actor: { operatorId: null, ip: null },
    });
    const login = await consolePost(port, "/admin/api/login", { email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login of ${email}: ${JSON.stringify(login.body)}`);
    cookies.push(login.cookie!);
  }
  return cookies;
}

/**
 * `count` orders of 100 USDT TRC20 into SBERRUB, made on the processes in turn and marked paid
 * through the first: their ids. `form` adds to the `index`th order's form.
 */
export async function paidOrders(
  ports: number[],
  count: number,
  form: (index: number) => Record<string, unknown> = () => ({}),
): Promise<string[]> {
  const pairs = (await sealedPost(ports[0]!, "/rest/currency_pair/list", {})).body.data;
  const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const orderForm = createForm(pair, {
      send_amount: "100",
      idempotency_key: randomUUID(),
      ...form(index),
    });
    const created = await sealedPost(
      ports[index % ports.length]!,
      "/rest/exchange/create",
      orderForm,
    );
    if (created.status !== 200) throw new Error(`order: ${JSON.stringify(created.body)}`);
    const uuid: string = created.body.data.exchange_uuid;
    // Another process than the creator's may answer: the order's e-mail proves the right.
    const paid = await sealedPost(ports[0]!, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "paid",
      email: orderForm.email,
    });
    if (paid.status !== 200) throw new Error(`paid: ${JSON.stringify(paid.body)}`);
    ids.push(uuid);
  }
  return ids;
}
