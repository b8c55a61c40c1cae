import { type Database, mailOutbox } from "@obmen/db";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { outboxLetter } from "./enqueue-order-mail.ts";
import { html, type SafeHtml } from "./templates/html.ts";

/**
 * Mail bodies hold customers' data and links; the page may render their markup and inline
 * styles but nothing else: no script, no image beacon, no form, no framing.
 */
const MAILBOX_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const LIST_LIMIT = 200;

/**
 * The dev mailbox exists only where no mail leaves the process and the data is not real
 * customers': SMTP_URL unset and NODE_ENV not production (docs/decisions/005-order-mail.md).
 */
export function isDevMailboxEnabled(options: {
  smtpUrl: string | undefined;
  nodeEnv: string | undefined;
}): boolean {
  return !options.smtpUrl && options.nodeEnv !== "production";
}

/**
 * Only a browser on this machine may read the mailbox: its letters hold every customer's
 * e-mail and links that act on their orders (issue 16 point 6). The socket's own peer is
 * checked, not `request.ip`: behind a trusted proxy that is a header a client can choose.
 * A request relayed by a proxy on this machine carries forwarding headers and is refused
 * too, since its real client may be anyone. Refused requests see a plain 404.
 */
async function refuseUnlessLocal(request: FastifyRequest, reply: FastifyReply) {
  const peer = request.raw.socket.remoteAddress ?? "";
  const loopback = peer === "::1" || peer.startsWith("127.") || peer.startsWith("::ffff:127.");
  const relayed = ["x-forwarded-for", "forwarded", "x-real-ip"].some(
    (header) => request.headers[header] !== undefined,
  );
  if (!loopback || relayed) return reply.code(404).type("text/plain").send("Not Found");
}

/**
 * `GET /dev/mailbox` lists the outbox, newest first; `/dev/mailbox/:id` shows one mail's HTML
 * and `/dev/mailbox/:id/text` its plain text. Registers nothing unless `enabled`.
 */
export function registerMailboxRoutes(
  app: FastifyInstance,
  options: { db: Database; enabled: boolean },
): void {
  if (!options.enabled) return;
  const { db } = options;

  app.get("/dev/mailbox", { onRequest: refuseUnlessLocal }, async (_request, reply) => {
    const mails = await db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        kind: mailOutbox.kind,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(LIST_LIMIT);
    const rows = mails.map(
      (mail) => html`<tr>
<td>${mail.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td>
<td>${mail.to}</td>
<td><a href="/dev/mailbox/${mail.id}">${mail.subject}</a> <a class="muted" href="/dev/mailbox/${mail.id}/text">text</a></td>
<td>${mail.kind}</td>
<td>${mail.status}${mail.attempts > 1 ? ` (${mail.attempts})` : ""}</td>
</tr>`,
    );
    return sendPage(
      reply,
      200,
      page(
        "Dev mailbox",
        html`<h1>Dev mailbox</h1>
<p class="muted">SMTP_URL is not set, so mail is kept here instead of being sent. Newest first, at most ${LIST_LIMIT}; times in UTC.</p>
${
  mails.length === 0
    ? html`<p>No mail yet.</p>`
    : html`<table><thead><tr><th>Time</th><th>To</th><th>Subject</th><th>Kind</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`
}`,
      ),
    );
  });

  app.get<{ Params: { id: string } }>(
    "/dev/mailbox/:id",
    { onRequest: refuseUnlessLocal },
    async (request, reply) => {
      const mail = await findMail(db, request.params.id);
      if (!mail) return sendPage(reply, 404, page("Not found", html`<p>No such mail.</p>`));
      const letter = outboxLetter(mail);
      const body = letter.html ?? page(letter.subject, html`<pre>${letter.text}</pre>`).value;
      return sendHtml(reply, 200, body);
    },
  );

  app.get<{ Params: { id: string } }>(
    "/dev/mailbox/:id/text",
    { onRequest: refuseUnlessLocal },
    async (request, reply) => {
      const mail = await findMail(db, request.params.id);
      return secure(reply)
        .code(mail ? 200 : 404)
        .type("text/plain; charset=utf-8")
        .send(mail ? outboxLetter(mail).text : "No such mail.\n");
    },
  );
}

async function findMail(db: Database, id: string) {
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return undefined;
  const [mail] = await db
    .select({
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      content: mailOutbox.content,
      kind: mailOutbox.kind,
      locale: mailOutbox.locale,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, Number(id)));
  return mail;
}

function secure(reply: FastifyReply): FastifyReply {
  return reply
    .header("content-security-policy", MAILBOX_CSP)
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "no-referrer")
    .header("cache-control", "no-store");
}

function sendHtml(reply: FastifyReply, status: number, body: string) {
  return secure(reply).code(status).type("text/html; charset=utf-8").send(body);
}

function sendPage(reply: FastifyReply, status: number, content: SafeHtml) {
  return sendHtml(reply, status, content.value);
}

function page(title: string, body: SafeHtml): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#1f2937}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #e5e7eb;vertical-align:top}
.muted{color:#6b7280;font-size:0.9em}
pre{white-space:pre-wrap}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
