import { type Server, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import {
  type ApiErrorBody,
  DEFAULT_LOCALE,
  ErrorCode,
  isLocale,
  type Locale,
} from "@obmen/contracts";
import { translatorFor } from "@obmen/i18n/catalogs";
import type { ConnectionError } from "fastify";

/** What every API path answers (unrouted-requests.ts keeps the same list for routed ones). */
const ALLOWED = "GET, HEAD, POST, PATCH";

/**
 * Requests Node's HTTP parser never hands to Fastify (issue 26 point 5). An unknown method
 * (`FOO /rest/x`) is a parse error (llhttp knows a fixed list of methods), which Fastify used
 * to answer with its own 400 body; `CONNECT` is parsed, but Node gives it to the server's
 * `connect` event, and with no listener it destroys the socket without a word. Both now get
 * 405 in the API's error shape, with `Allow`, and the connection closes after it (a parser
 * that failed cannot be trusted with what follows on the socket).
 *
 * There is no Fastify request here, so the language comes from the raw bytes: the first
 * supported `Accept-Language` tag, else Russian, as requestLang does.
 */
function rawRefusal(options: { lang: Locale }): string {
  const t = translatorFor(options.lang);
  const body: ApiErrorBody = {
    error: {
      code: ErrorCode.METHOD_NOT_ALLOWED,
      message: t(`Errors.${ErrorCode.METHOD_NOT_ALLOWED}`),
    },
  };
  const json = JSON.stringify(body);
  return [
    "HTTP/1.1 405 Method Not Allowed",
    `Allow: ${ALLOWED}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(json)}`,
    "Connection: close",
    "",
    json,
  ].join("\r\n");
}

function langOf(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

/** The `Accept-Language` of a request Node could not parse, read from the bytes it kept. */
function acceptLanguageIn(rawPacket: ConnectionError["rawPacket"] | undefined): string | undefined {
  if (!rawPacket) return undefined;
  const head =
    Buffer.from(rawPacket as unknown as Uint8Array)
      .toString("latin1")
      .split("\r\n\r\n")[0] ?? "";
  return /^accept-language:[ \t]*([^\r\n]*)$/im.exec(head)?.[1];
}

/**
 * Fastify's `clientErrorHandler`: an unknown method gets 405 in our shape. Every other parse
 * error (a malformed header, a timeout, oversized headers) keeps the answer Fastify's own
 * handler gives (its defaultClientErrorHandler, copied: it is not exported), since the path
 * was never read and nothing tells an API request from a page's.
 */
export function answerClientError(error: ConnectionError, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (error.code === "HPE_INVALID_METHOD") {
    const lang = langOf(acceptLanguageIn(error.rawPacket));
    if (socket.writable) socket.write(rawRefusal({ lang }));
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Client Timeout"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Exceeded maximum allowed HTTP header size"]
        : [400, "Client Error"];
  const text = STATUS_CODES[status];
  const body = `{"error":"${text}","message":"${message}","statusCode":${status}}`;
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${body.length}\r\nContent-Type: application/json\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Answers `CONNECT` (Node's `connect` event) instead of letting Node drop the connection. */
export function refuseConnect(server: Server) {
  server.on("connect", (request, socket: Duplex) => {
    const accept = request.headers["accept-language"];
    socket.end(rawRefusal({ lang: langOf(typeof accept === "string" ? accept : undefined) }));
  });
}
