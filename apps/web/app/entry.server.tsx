import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { newCspNonce, pageContentSecurityPolicy } from "./security/page-csp.server.ts";
import { webContext } from "./web-context.server.ts";

// The adapter (server/register-web-tier.ts) takes the load-context factory from the build.
export { createLoadContext } from "./web-context.server.ts";

export const streamTimeout = 5_000;

/** React Router's default Node entry, kept explicit so the export above has a home. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A fresh nonce per rendered page, in the header and on every inline script React Router
  // and React write (docs/decisions/033). A page the microcache shares keeps the pair it was
  // rendered with, so header and scripts always agree.
  const nonce = newCspNonce();
  responseHeaders.set(
    "Content-Security-Policy",
    pageContentSecurityPolicy(nonce, loadContext.get(webContext).widgets),
  );
  // https://httpwg.org/specs/rfc9110.html#HEAD: same headers, no body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout so rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router itself.
          if (shellRendered) {
            loadContext.get(webContext).log.error({ err: error }, "page render failed mid-stream");
          }
        },
      },
    );
  });
}
