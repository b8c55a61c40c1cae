import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  acquireDataDirLock,
  DataDirLockedError,
  migrateDatabase,
  openDatabase,
} from "../src/index.ts";

const lockModule = new URL("../src/data-dir-lock.ts", import.meta.url).href;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "obmen-lock-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Another Obmen process holding the lock: a real child on the same Node (process.execPath is
 * node_modules/.bin/node's binary when run through npm/npx), so the PID check is real too.
 */
async function holdLockInChild(dataDir: string, exitAfterLock = false): Promise<ChildProcess> {
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
    acquireDataDirLock(${JSON.stringify(dataDir)});
    console.log("locked");
    ${exitAfterLock ? "" : "setInterval(() => {}, 1000);"}
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  cleanups.push(() => child.kill("SIGKILL"));
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  expect(chunk.toString()).toContain("locked");
  return child;
}

function deadPid(): number {
  const finished = spawnSync(process.execPath, ["-e", ""]);
  return finished.pid;
}

describe("acquireDataDirLock", () => {
  it("refuses a second process with the directory and the holder's PID", async () => {
    const dataDir = tempDataDir();
    const child = await holdLockInChild(dataDir);
    let refusal: unknown;
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).pid).toBe(child.pid);
    expect((refusal as Error).message).toContain(dataDir);
    expect((refusal as Error).message).toContain(`PID ${child.pid}`);
  });

  it("takes over the lock of a process killed with -9", async () => {
    const dataDir = tempDataDir();
    const child = await holdLockInChild(dataDir);
    child.kill("SIGKILL");
    await once(child, "exit");
    expect(existsSync(path.join(dataDir, "obmen.lock"))).toBe(true);
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(lock.lockPath, "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a stale lock file naming a dead PID", () => {
    const dataDir = tempDataDir();
    writeFileSync(path.join(dataDir, "obmen.lock"), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(lock.lockPath, "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.lockPath)).toBe(false);
  });

  it("is released when the holding process exits normally", async () => {
    const dataDir = tempDataDir();
    const child = await holdLockInChild(dataDir, true);
    if (child.exitCode === null) await once(child, "exit");
    expect(existsSync(path.join(dataDir, "obmen.lock"))).toBe(false);
  });

  it("is shared by callers inside one process and removed by the last release", () => {
    const dataDir = tempDataDir();
    const first = acquireDataDirLock(dataDir);
    const second = acquireDataDirLock(dataDir);
    first.release();
    first.release();
    expect(existsSync(first.lockPath)).toBe(true);
    second.release();
    expect(existsSync(first.lockPath)).toBe(false);
  });
});

describe("openDatabase on DATA_DIR", () => {
  it("keeps data across reopen and refuses a directory another process holds", async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    expect(first.engine).toBe("pglite");
    await migrateDatabase(first);
    await first.ping();
    await first.close();
    expect(existsSync(path.join(dataDir, "obmen.lock"))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    await migrateDatabase(reopened);
    const result = await reopened.db.execute<{ total: number }>(
      "select count(*)::int as total from drizzle.__drizzle_migrations",
    );
    expect(result.rows[0]?.total).toBeGreaterThan(0);
    await reopened.close();

    await holdLockInChild(dataDir);
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it("rejects a DATABASE_URL it cannot serve, without leaking a password", async () => {
    await expect(
      openDatabase({ databaseUrl: "mysql://admin:hunter2@db/obmen", dataDir: "" }),
    ).rejects.toThrow(/mysql:\/\/admin:\*\*\*@db/);
  });
});
