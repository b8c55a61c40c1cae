import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runStage, wantsVerbose } from "./run-stage.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stage in a scratch directory, its progress collected instead of printed. */
function stageIn(command: string) {
  const dir = mkdtempSync(join(tmpdir(), "obmen-stage-"));
  dirs.push(dir);
  const logFile = join(dir, "cache", "build.log");
  let progress = "";
  const status = runStage({
    title: "Building the site",
    command,
    cwd: dir,
    logFile,
    write: (text) => {
      progress += text;
    },
  });
  return { status, progress, log: readFileSync(logFile, "utf8") };
}

// A bundler's chatter: 80 lines, as the site's build prints.
const CHATTY = `node -e "for (let i = 1; i <= 80; i++) console.log('build/client/assets/chunk-' + i + '.js')"`;

describe("a stage of npm start", () => {
  it("prints one line while the command's 80 lines go to the log", () => {
    const { status, progress, log } = stageIn(CHATTY);
    expect(status).toBe(0);
    expect(progress).toMatch(/^Building the site… done in \d+\.\d s\n$/);
    expect(log).toContain("chunk-1.js");
    expect(log).toContain("chunk-80.js");
  });

  it("on failure says so with the exit code and shows the log's tail, with the reason", () => {
    const failing = `${CHATTY} && node -e "console.error('Error: Cannot resolve ./missing.tsx'); process.exit(3)"`;
    const { status, progress } = stageIn(failing);
    expect(status).toBe(3);
    expect(progress).toContain("Building the site… failed (exit code 3).");
    expect(progress).toContain("The last lines of cache/build.log:");
    expect(progress).toContain("Error: Cannot resolve ./missing.tsx");
    // The tail, not the whole log: the first chunks stay in the file.
    expect(progress).toContain("chunk-80.js");
    expect(progress).not.toContain("chunk-1.js\n");
  });

  it("a command that cannot run at all still explains itself", () => {
    const { status, progress } = stageIn("no-such-command-for-obmen");
    expect(status).not.toBe(0);
    expect(progress).toMatch(/no-such-command-for-obmen/);
  });
});

describe("verbose mode", () => {
  it("is asked for by OBMEN_VERBOSE, --verbose or npm's own --verbose", () => {
    expect(wantsVerbose({ OBMEN_VERBOSE: "1" }, [])).toBe(true);
    expect(wantsVerbose({ OBMEN_VERBOSE: "true" }, [])).toBe(true);
    expect(wantsVerbose({}, ["--verbose"])).toBe(true);
    expect(wantsVerbose({ npm_config_loglevel: "verbose" }, [])).toBe(true);
    expect(wantsVerbose({}, [])).toBe(false);
    expect(wantsVerbose({ OBMEN_VERBOSE: "0", npm_config_loglevel: "notice" }, [])).toBe(false);
  });
});
