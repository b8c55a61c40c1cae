import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { type ParsedMail, parseMail } from "./parse-mail.ts";

export interface SinkMessage extends ParsedMail {
  rcptTo: string[];
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: the far end of the network
 * boundary, so the tests exercise nodemailer's whole conversation (STYLE.md 10).
 */
export async function startSmtpSink() {
  const messages: SinkMessage[] = [];
  const state = { rejectRecipients: false, delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.rejectRecipients) return callback();
      const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(() => {
          messages.push({
            ...parseMail(Buffer.concat(chunks).toString("latin1")),
            rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** An SMTP URL nothing listens on: a port the OS just handed out and took back. */
export async function closedSmtpUrl(): Promise<string> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}
