import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The metrics listener (decision 031): a bare HTTP server on its own port and address, so the
 * public port never serves metrics and a proxy in front of it cannot expose them by accident.
 * It answers `GET /metrics` and nothing else.
 */
export async function startMetricsServer(options: {
  registry: Registry;
  port: number;
  host: string;
  onError: (error: unknown) => void;
}): Promise<MetricsServer> {
  const { registry } = options;
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { "content-type": registry.contentType });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        options.onError(error);
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Error\n");
      },
    );
  });
  // A scraper keeps its connection open between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port, address, family } = server.address() as AddressInfo;
  const host = family === "IPv6" ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
