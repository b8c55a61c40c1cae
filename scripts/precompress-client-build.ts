// Writes `.br` (Brotli 11) and `.gz` (gzip 9) next to every compressible file of the built
// client, so the web tier sends them as they are instead of compressing per request
// (apps/web/server/static-files.ts, docs/decisions/011-compression-and-static-assets.md).
// Runs after `react-router build` (apps/web's build script); Vite empties the folder before
// each build, so no twin outlives its file.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".json",
  ".map",
  ".svg",
  ".txt",
  ".xml",
  ".webmanifest",
]);
/** The web tier's threshold for dynamic answers too (content-encoding.ts). */
const MIN_BYTES = 1024;

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Compresses the files under `dir`; returns how many files got twins and the bytes saved. */
export async function precompressDirectory(
  dir: string,
): Promise<{ compressed: number; plainBytes: number; brotliBytes: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let compressed = 0;
  let plainBytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        compressBrotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        compressGzip(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A twin that is not smaller would only cost the browser a decompression.
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      compressed++;
      plainBytes += body.length;
      brotliBytes += Math.min(br.length, body.length);
    }),
  );
  return { compressed, plainBytes, brotliBytes };
}

if (import.meta.main) {
  const dir = path.resolve(
    process.argv[2] ?? path.join(import.meta.dirname, "../apps/web/build/client"),
  );
  const { compressed, plainBytes, brotliBytes } = await precompressDirectory(dir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `Precompressed ${compressed} files in ${path.relative(process.cwd(), dir) || "."}: ` +
      `${kb(plainBytes)} → ${kb(brotliBytes)} with Brotli`,
  );
}
