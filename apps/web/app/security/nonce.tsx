import { createContext, useContext } from "react";

/**
 * This response's CSP nonce (docs/decisions/033), provided by entry.server.tsx while the page
 * renders. In the browser there is none to know, and none needed: browsers hide the nonce of
 * a parsed element (its attribute reads as ""), so the client renders "" and hydration finds
 * the attribute it expects. Given to React Router's `<Links>`, `<Scripts>` and
 * `<ScrollRestoration>` explicitly: left to `<ServerRouter nonce>` alone, the client rendered
 * no nonce at all and React reported every such element as a hydration mismatch.
 */
export const CspNonceContext = createContext("");

export function useCspNonce(): string {
  return useContext(CspNonceContext);
}
