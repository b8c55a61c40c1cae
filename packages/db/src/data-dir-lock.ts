import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const LOCK_FILE_NAME = "obmen.lock";

/** Thrown when another live process already holds the DATA_DIR. */
export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number, host: string | undefined) {
    const where = host && host !== os.hostname() ? ` on host ${host}` : "";
    super(
      `DATA_DIR ${dataDir} is in use by another Obmen process (PID ${pid}${where}). ` +
        "The embedded database allows one process per data directory: stop that process, " +
        "use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server. If no such " +
        `process exists, delete ${path.join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = "DataDirLockedError";
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

export type DataDirLock = {
  readonly dataDir: string;
  readonly lockPath: string;
  /** Removes the lock file if it is still ours; idempotent. */
  release(): void;
};

type LockContent = { pid: number; host?: string; acquiredAt?: number };

// One process may open the same DATA_DIR from several places (server and a CLI step in one
// run): those share the lock instead of refusing themselves.
const heldLocks = new Map<string, { users: number; content: string }>();
let exitHookInstalled = false;

// `exit` also runs after an uncaught exception. A kill -9 leaves the file behind; the next start
// sees a dead PID and takes the lock over.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const lockPath of heldLocks.keys()) removeIfOurs(lockPath);
  });
}

/**
 * Takes the exclusive lock on a data directory, or throws DataDirLockedError naming the PID that
 * holds it. PGlite has no cross-process lock and two processes on one directory corrupt it
 * silently (DESIGN "Process model"). The lock is a file created atomically (`wx`) holding our
 * PID; a lock whose process is gone is stale and taken over. Released on release() and on exit.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const directory = path.resolve(dataDir);
  const lockPath = path.join(directory, LOCK_FILE_NAME);
  mkdirSync(directory, { recursive: true });

  const held = heldLocks.get(lockPath);
  if (held) {
    held.users += 1;
  } else {
    heldLocks.set(lockPath, { users: 1, content: createLockFile(directory, lockPath) });
    installExitHook();
  }

  let released = false;
  return {
    dataDir: directory,
    lockPath,
    release() {
      if (released) return;
      released = true;
      const entry = heldLocks.get(lockPath);
      if (!entry) return;
      entry.users -= 1;
      if (entry.users > 0) return;
      removeIfOurs(lockPath);
      heldLocks.delete(lockPath);
    },
  };
}

function createLockFile(directory: string, lockPath: string): string {
  const content = `${JSON.stringify({ pid: process.pid, host: os.hostname(), acquiredAt: Date.now() })}\n`;
  // A few rounds: each stale lock we remove may be replaced by a live one meanwhile.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = openSync(lockPath, "wx", 0o644);
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      return content;
    } catch (error) {
      if (!isErrno(error, "EEXIST")) throw error;
    }
    const existing = readLock(lockPath);
    if (existing === "missing") continue;
    if (existing !== "unreadable" && isHolderAlive(existing)) {
      throw new DataDirLockedError(directory, existing.pid, existing.host);
    }
    // Stale (holder gone) or garbage from a crash mid-write: take it over.
    try {
      unlinkSync(lockPath);
    } catch (error) {
      if (!isErrno(error, "ENOENT")) throw error;
    }
  }
  throw new Error(`Could not take the DATA_DIR lock ${lockPath}: it keeps changing.`);
}

function readLock(lockPath: string): LockContent | "missing" | "unreadable" {
  let raw: string;
  try {
    raw = readFileSync(lockPath, "utf8").trim();
  } catch (error) {
    if (isErrno(error, "ENOENT")) return "missing";
    throw error;
  }
  if (/^\d+$/.test(raw)) return { pid: Number(raw) };
  try {
    const parsed = JSON.parse(raw) as Partial<LockContent>;
    if (Number.isInteger(parsed.pid) && (parsed.pid ?? 0) > 0) return parsed as LockContent;
  } catch {
    // fall through: an empty or half-written file
  }
  return "unreadable";
}

function isHolderAlive(lock: LockContent): boolean {
  // The host is not trusted for liveness: a recreated container has a new hostname but the same
  // volume, and sharing one PGlite directory between machines is unsupported anyway.
  // Our own PID in a lock we do not hold: a previous run of a container, where PIDs repeat.
  if (lock.pid === process.pid) return false;
  try {
    process.kill(lock.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it is alive.
    return !isErrno(error, "ESRCH");
  }
  return !startedAfter(lock.pid, lock.acquiredAt);
}

/**
 * True when the process now holding `pid` started after the lock was written, i.e. the PID was
 * reused after the holder died (common after a container restart). Linux only; elsewhere false.
 */
function startedAfter(pid: number, acquiredAt: number | undefined): boolean {
  if (acquiredAt === undefined || process.platform !== "linux") return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime, clock ticks since boot) counts from after the ")" closing the name.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTicks = Number(fields[19]);
    const bootLine = readFileSync("/proc/stat", "utf8").match(/^btime (\d+)$/m);
    if (!bootLine || !Number.isFinite(startTicks)) return false;
    const clockTicksPerSecond = 100; // USER_HZ is 100 on every Linux ABI Node supports
    const startedAtMs = (Number(bootLine[1]) + startTicks / clockTicksPerSecond) * 1000;
    // A second of slack: btime and tick rounding are coarse.
    return startedAtMs > acquiredAt + 1000;
  } catch {
    return false;
  }
}

function removeIfOurs(lockPath: string): void {
  const entry = heldLocks.get(lockPath);
  try {
    if (entry && readFileSync(lockPath, "utf8") === entry.content) unlinkSync(lockPath);
  } catch {
    // Already gone, or the directory was removed: nothing left to release.
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
