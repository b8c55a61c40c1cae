import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The icons the site serves, read from the repository (`apps/web/public/icons`) as the server
 * reads them (apps/server/src/site-icons.ts): the default list for an API a test starts.
 */
export const SITE_ICONS: readonly string[] = readdirSync(
  fileURLToPath(new URL("../../../web/public/icons", import.meta.url)),
)
  .filter((name) => name.endsWith(".svg"))
  .map((name) => `/icons/${name}`)
  .sort();
