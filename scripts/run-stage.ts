// One stage of `npm start` (build the site, write the database templates) as one line of
// progress, with the command's own output kept in a log file instead of the terminal: a
// newcomer's first start printed ~80 lines of bundler output (issue 15). A failed stage still
// shows why, from the log's tail, and verbose mode streams everything as before.
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";

export interface StageOptions {
  /** What the visitor reads: "Building the site". */
  title: string;
  /** A shell command, run from `cwd`. */
  command: string;
  cwd: string;
  /** Where the command's output goes (appended); its tail is printed on failure. */
  logFile: string;
  /** Stream the command's output to the terminal as well as the progress line. */
  verbose?: boolean;
  /** How many of the log's last lines a failure prints. */
  tailLines?: number;
  /** Where the progress goes (the terminal); tests pass their own. */
  write?: (text: string) => void;
}

/** Runs the stage; returns the command's exit status (0 on success). */
export function runStage(options: StageOptions): number {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const started = performance.now();
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  write(options.verbose ? `${options.title}…\n` : `${options.title}… `);
  const log = openSync(options.logFile, "a");
  let status: number;
  try {
    const result = spawnSync(options.command, {
      cwd: options.cwd,
      shell: true,
      stdio: options.verbose ? "inherit" : ["ignore", log, log],
    });
    status = result.status ?? 1;
    // A command that could not start at all leaves nothing else in the log to explain it.
    if (result.error) writeSync(log, `${result.error.message}\n`);
  } finally {
    closeSync(log);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (status === 0) {
    write(options.verbose ? `${options.title}: done in ${seconds} s\n` : `done in ${seconds} s\n`);
    return 0;
  }
  write(`${options.verbose ? `${options.title}: ` : ""}failed (exit code ${status}).\n`);
  if (!options.verbose) {
    const lines = tailOf(options.logFile, options.tailLines ?? 40);
    write(`The last lines of ${path.relative(options.cwd, options.logFile)}:\n${lines}\n`);
  }
  return status;
}

/** Whether the visitor asked for the commands' full output. */
export function wantsVerbose(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  const flag = (env.OBMEN_VERBOSE ?? "").toLowerCase();
  return (
    ["1", "true", "yes"].includes(flag) ||
    argv.includes("--verbose") ||
    // `npm start --verbose` reaches the scripts only as npm's log level.
    ["verbose", "silly"].includes(env.npm_config_loglevel ?? "")
  );
}

function tailOf(file: string, count: number): string {
  const lines = readFileSync(file, "utf8").trimEnd().split("\n");
  return lines.slice(-count).join("\n");
}
