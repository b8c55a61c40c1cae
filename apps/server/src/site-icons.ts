import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/**
 * The web tier's public icons (`apps/web/public/icons`), which its build copies to
 * `build/client/icons` and serves as `/icons/<name>.svg`: the only icons the console lets an
 * operator give a pay system. Read from the sources so that the list is there even when this
 * process serves the API alone.
 */
export const SITE_ICONS_DIR = fileURLToPath(new URL("../../web/public/icons", import.meta.url));

/** `/icons/<name>` for each image file in `dir`, sorted; none when the folder is missing. */
export async function listSiteIcons(dir: string = SITE_ICONS_DIR): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  return names
    .filter((name) => /^[A-Za-z0-9_.-]+\.(svg|png|webp)$/.test(name) && !name.startsWith("."))
    .map((name) => `/icons/${name}`)
    .sort();
}
