/** How the SDK reaches the API: in-process (`fastify.inject`) or over HTTP (`API_URL`). */
export interface TransportRequest {
  method: "GET" | "POST";
  /** Path with query string, e.g. `/rest/currency_pair/list`. */
  url: string;
  headers: Record<string, string>;
  /** JSON text, or bytes for a multipart upload (`/rest/send-receipt`). */
  body?: string | Buffer;
}

export interface TransportResponse {
  status: number;
  body: string;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export function httpTransport(baseUrl: string): Transport {
  const base = baseUrl.replace(/\/$/, "");
  return async (request) => {
    const response = await fetch(base + request.url, {
      method: request.method,
      headers: request.headers,
      // A Buffer is a Uint8Array, which fetch sends as is; only the typings disagree.
      body: request.body as BodyInit | undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text() };
  };
}
