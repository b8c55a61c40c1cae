import path from "node:path";
import type { DatabaseHandle } from "@obmen/db";
import { expect } from "vitest";
import {
  availableReserve,
  createOrderWithRetry,
  demoPair,
  orderIds,
  runCli,
  stopGracefully,
  tableDigests,
} from "./operations.ts";
import { type ServerProcess, signedCall, startServerProcess } from "./server-process.ts";

/** A database the test can open (and must let go of again: PGlite's is locked while open). */
export interface OpenedDatabase {
  handle: DatabaseHandle;
  done(): Promise<void>;
}

export interface BackupEngine {
  /** The environment of the source's server and of `npm run backup`. */
  source: Record<string, string>;
  openSource(): Promise<OpenedDatabase>;
  /** A new empty database (DATA_DIR or PostgreSQL database) to restore into. */
  emptyTarget(): Promise<{ env: Record<string, string>; open(): Promise<OpenedDatabase> }>;
  /** Where backup files go. */
  folder: string;
}

async function withDatabase<T>(
  open: () => Promise<OpenedDatabase>,
  work: (h: DatabaseHandle) => Promise<T>,
) {
  const opened = await open();
  try {
    return await work(opened.handle);
  } finally {
    await opened.done();
  }
}

/** Amounts in kopecks (the roubles here have 2 decimals), exact. */
function kopecks(amount: string): bigint {
  const [whole, digits = ""] = amount.split(".");
  // numeric's text form carries the column's scale: 4869.840000000000000000.
  const fraction = digits.replace(/0+$/, "");
  if (fraction.length > 2) throw new Error(`more than 2 decimals in ${amount}`);
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/**
 * Issue 17 point 3, the same on either engine: a backup taken while orders are being created
 * holds every order acknowledged before it started, and its reserve holds match its orders (a
 * consistent snapshot, not a torn copy); restore refuses a non-empty database unless --force;
 * a backup of the stopped service restores to a database equal table by table (orders, content,
 * settings, partner keys, the migrations journal).
 */
export async function expectBackupRoundTrip(engine: BackupEngine) {
  const underLoad = path.join(engine.folder, "under-load.backup");
  const stopped = path.join(engine.folder, "stopped.backup");
  const servers: ServerProcess[] = [];
  try {
    const server = await startServerProcess(engine.source);
    servers.push(server);
    const pair = await demoPair(server.url);
    const reserveBefore = await availableReserve(server.url);
    const urls = () => [server.url];

    const acknowledged: string[] = [];
    const statuses: number[] = [];
    let loading = true;
    const caller = async () => {
      while (loading) {
        const answer = await createOrderWithRetry(urls, pair, 0);
        statuses.push(answer.status);
        if (answer.status === 200) acknowledged.push(answer.uuid!);
      }
    };
    const callers = Array.from({ length: 4 }, caller);
    while (acknowledged.length < 15) await new Promise((resolve) => setTimeout(resolve, 20));
    const acknowledgedBeforeBackup = [...acknowledged];
    const backup = await runCli("backup", ["--out", underLoad], engine.source);
    const acknowledgedDuringBackup = acknowledged.length - acknowledgedBeforeBackup.length;
    loading = false;
    await Promise.all(callers);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain("Backup of the");
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(
      acknowledgedDuringBackup,
      "orders kept being created while the backup ran",
    ).toBeGreaterThan(0);

    // The second backup is taken once the server has stopped: a running server's jobs (the
    // outbox's deliveries, the alert sweep's cursor) may still write after a backup, and the
    // source must not move before it is compared with its restore, table by table.
    expect(await stopGracefully(server), server.output()).toBe(0);
    const stoppedBackup = await runCli("backup", ["--out", stopped], engine.source);
    expect(stoppedBackup.code, stoppedBackup.output).toBe(0);

    // The backup under load, into an empty database.
    const target = await engine.emptyTarget();
    const restored = await runCli("restore", [underLoad], target.env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain("Restored");
    const again = await runCli("restore", [underLoad], target.env);
    expect(again.code, again.output).toBe(4);
    expect(again.output).toContain("already holds a database");

    const restoredOrders = await withDatabase(target.open, orderIds);
    expect(acknowledgedBeforeBackup.filter((uuid) => !restoredOrders.has(uuid))).toEqual([]);
    expect([...restoredOrders.keys()].filter((uuid) => !acknowledged.includes(uuid))).toEqual([]);

    const restoredServer = await startServerProcess(target.env);
    servers.push(restoredServer);
    let held = 0n;
    for (const receive of restoredOrders.values()) held += kopecks(receive);
    expect(kopecks(await availableReserve(restoredServer.url))).toBe(kopecks(reserveBefore) - held);
    const info = await signedCall(restoredServer.url, "/rest/exchange/info", {
      exchange_uuid: acknowledgedBeforeBackup[0],
    });
    expect(info?.status).toBe(200);
    expect(await stopGracefully(restoredServer), restoredServer.output()).toBe(0);

    // The stopped server's backup over it (--force): equal to the source, table by table.
    const forced = await runCli("restore", [stopped, "--force"], target.env);
    expect(forced.code, forced.output).toBe(0);
    const sourceTables = await withDatabase(engine.openSource, tableDigests);
    const restoredTables = await withDatabase(target.open, tableDigests);
    expect(Object.keys(sourceTables).length).toBeGreaterThan(20);
    expect(restoredTables).toEqual(sourceTables);
  } finally {
    for (const server of servers) await stopGracefully(server);
  }
}
