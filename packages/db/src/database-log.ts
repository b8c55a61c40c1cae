/**
 * Where the database package reports what it survives (a lost idle connection, a template it
 * could not read or save): the server passes its logger (pino's `(details, message)` calls),
 * so these lines carry the request log's format and level. Command-line tools, the template's
 * child process and tests have no server logger and write to stderr.
 */
export type DatabaseLog = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export const stderrLog: DatabaseLog = {
  error: (details, message) => console.error(`[db] ${message}`, details),
  warn: (details, message) => console.warn(`[db] ${message}`, details),
};
