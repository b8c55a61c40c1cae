import type { IncomingMessage } from "node:http";

/**
 * How much of a refused body is read and thrown away before answering. A client that sends
 * a body without `Expect: 100-continue` is still writing when the 413 is ready; closing the
 * connection under it resets it, and the reset discards the answer it never got to read
 * (issue 16: about half of such clients saw a reset, not the 413). Larger or slower bodies
 * are cut off: the answer is not worth unbounded bandwidth or time.
 */
const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/** Resolves once the request's body has been read to its end, or the bounds are reached. */
export function discardRequestBody(raw: IncomingMessage): Promise<void> {
  const declared = Number(raw.headers["content-length"] ?? 0);
  if (raw.complete || raw.destroyed || declared > DISCARD_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off("data", count);
      raw.off("end", finish);
      raw.off("error", finish);
      raw.off("close", finish);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DISCARD_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DISCARD_MAX_MS);
    raw.on("data", count);
    raw.once("end", finish);
    raw.once("error", finish);
    raw.once("close", finish);
    raw.resume();
  });
}
