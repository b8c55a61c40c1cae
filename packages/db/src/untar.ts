import { closeSync, createReadStream, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { extract as tarExtract } from "tar-stream";

/**
 * Unpacks a gzipped tar archive, as PGlite's `dumpDataDir` writes it, into `directory`,
 * streaming through `tar-stream`: one entry's chunk at a time is in memory. Reading the whole
 * archive first (42 MB for the seeded template) left about 27 MB of freed allocator memory
 * resident in the server for its whole life (docs/performance/2026-11-18.md). Regular files and
 * directories only; anything else, or a path leaving the directory, is refused rather than
 * guessed at. On failure, whatever was written is removed again.
 */
export async function unpackTarGz(
  archive: string,
  directory: string,
  options: { skip?: (name: string) => boolean } = {},
): Promise<void> {
  const skip = options.skip ?? (() => false);
  const written: string[] = [];
  const makeDirectory = (target: string, mode?: number) => {
    const first = mkdirSync(target, { recursive: true, mode });
    if (first) written.push(first);
  };
  const extract = tarExtract();
  const feeding = pipeline(createReadStream(archive), createGunzip(), extract);
  // The loop below reports the failure; this keeps the pipeline's own copy from going unhandled.
  feeding.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, type, mode } = entry.header;
      const relative = path.posix.normalize(name).replace(/^\/+/, "");
      if (relative === ".." || relative.startsWith("../")) {
        throw new Error(`PGlite template: unsafe path ${name}`);
      }
      const target = path.join(directory, relative);
      const permissions = mode === undefined ? undefined : mode & 0o777;
      if (type === "directory") {
        makeDirectory(target, permissions);
        entry.resume();
      } else if (type === "file" && !skip(relative)) {
        makeDirectory(path.dirname(target));
        written.push(target);
        await writeEntry(entry, target, permissions);
      } else if (type === "file") {
        entry.resume();
      } else {
        throw new Error(`PGlite template: unsupported entry type ${type} for ${name}`);
      }
    }
    await feeding;
  } catch (error) {
    extract.destroy();
    for (const target of written.reverse()) rmSync(target, { recursive: true, force: true });
    if ((error as Error).message === "Unexpected end of data") {
      throw new Error("PGlite template: the archive is truncated");
    }
    throw error;
  }
}

/**
 * Writes one entry's bytes with plain synchronous writes: a data directory is about a thousand
 * small files, and a write stream per file doubled the unpacking time.
 */
async function writeEntry(chunks: AsyncIterable<unknown>, target: string, mode?: number) {
  const fd = openSync(target, "w", mode);
  try {
    for await (const bytes of chunks) {
      const chunk = bytes as Buffer;
      for (let offset = 0; offset < chunk.length; ) {
        offset += writeSync(fd, chunk, offset, chunk.length - offset);
      }
    }
  } finally {
    closeSync(fd);
  }
}
