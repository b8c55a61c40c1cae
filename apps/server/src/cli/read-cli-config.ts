import { ConfigError } from "../config.ts";

/**
 * Parses a CLI's variables with its part of the server's schema (apps/server/src/config.ts):
 * a bad value stops the command with the variable named, exit code 2, as the server does.
 */
export function readCliConfig<T>(parse: (env: Record<string, string | undefined>) => T): T {
  try {
    return parse(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
