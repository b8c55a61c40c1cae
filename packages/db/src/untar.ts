import { closeSync, createReadStream, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

const BLOCK = 512;

/**
 * Unpacks a gzipped POSIX (ustar) archive, as PGlite's `dumpDataDir` writes it, into
 * `directory`, streaming: at most one gunzip chunk is in memory. Reading the whole archive
 * first (42 MB for the seeded template) left about 27 MB of freed allocator memory resident
 * in the server for its whole life (docs/performance.md, "rss_mb"). Regular files and
 * directories only; anything else, or a path leaving the directory, is refused rather than
 * guessed at. On failure, whatever was written is removed again.
 */
export async function unpackTarGz(
  archive: string,
  directory: string,
  options: { skip?: (name: string) => boolean } = {},
): Promise<void> {
  const writer = new TarWriter(directory, options.skip ?? (() => false));
  try {
    await pipeline(createReadStream(archive), createGunzip(), writer);
  } catch (error) {
    writer.removeWritten();
    throw error;
  }
}

class TarWriter extends Writable {
  readonly #directory: string;
  readonly #skip: (name: string) => boolean;
  readonly #header = Buffer.alloc(BLOCK);
  #headerBytes = 0;
  /** The file being written (null: its bytes are skipped), its bytes left, then its padding. */
  #fd: number | null = null;
  #contentLeft = 0;
  #paddingLeft = 0;
  #ended = false;
  readonly #written: string[] = [];

  constructor(directory: string, skip: (name: string) => boolean) {
    super();
    this.#directory = directory;
    this.#skip = skip;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void) {
    try {
      for (let at = 0; at < chunk.length && !this.#ended; ) at = this.#consume(chunk, at);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _final(done: (error?: Error) => void) {
    done(this.#ended ? undefined : new Error("PGlite template: the archive is truncated"));
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    this.#closeFile();
    done(error);
  }

  /** Deletes what this archive created, deepest first. */
  removeWritten() {
    this.#closeFile();
    for (const target of this.#written.reverse()) rmSync(target, { recursive: true, force: true });
  }

  /** Takes what it can from `chunk` at `at`; returns where it stopped. */
  #consume(chunk: Buffer, at: number): number {
    if (this.#contentLeft > 0) {
      const length = Math.min(this.#contentLeft, chunk.length - at);
      if (this.#fd !== null) writeAll(this.#fd, chunk.subarray(at, at + length));
      this.#contentLeft -= length;
      if (this.#contentLeft === 0) this.#closeFile();
      return at + length;
    }
    if (this.#paddingLeft > 0) {
      const length = Math.min(this.#paddingLeft, chunk.length - at);
      this.#paddingLeft -= length;
      return at + length;
    }
    const length = Math.min(BLOCK - this.#headerBytes, chunk.length - at);
    chunk.copy(this.#header, this.#headerBytes, at, at + length);
    this.#headerBytes += length;
    if (this.#headerBytes === BLOCK) {
      this.#headerBytes = 0;
      this.#startEntry();
    }
    return at + length;
  }

  #startEntry() {
    const header = this.#header;
    if (header.every((byte) => byte === 0)) {
      this.#ended = true;
      return;
    }
    const prefix = field(header, 345, 155);
    const name = path.posix.normalize(`${prefix ? `${prefix}/` : ""}${field(header, 0, 100)}`);
    const relative = name.replace(/^\/+/, "");
    if (relative === ".." || relative.startsWith("../")) {
      throw new Error(`PGlite template: unsafe path ${name}`);
    }
    const size = octal(header, 124, 12);
    const mode = octal(header, 100, 8) & 0o777;
    const type = field(header, 156, 1) || "0";
    const target = path.join(this.#directory, relative);
    if (type === "5") {
      this.#makeDirectory(target, mode);
    } else if (type === "0") {
      if (!this.#skip(relative)) {
        this.#makeDirectory(path.dirname(target));
        this.#fd = openSync(target, "w", mode);
        this.#written.push(target);
      }
      this.#contentLeft = size;
      this.#paddingLeft = Math.ceil(size / BLOCK) * BLOCK - size;
      if (size === 0) this.#closeFile();
    } else {
      throw new Error(`PGlite template: unsupported entry type ${type} for ${name}`);
    }
  }

  #makeDirectory(target: string, mode?: number) {
    const first = mkdirSync(target, { recursive: true, mode });
    if (first) this.#written.push(first);
  }

  #closeFile() {
    if (this.#fd === null) return;
    closeSync(this.#fd);
    this.#fd = null;
  }
}

function writeAll(fd: number, bytes: Buffer) {
  for (let offset = 0; offset < bytes.length; ) {
    offset += writeSync(fd, bytes, offset, bytes.length - offset);
  }
}

function field(header: Buffer, start: number, length: number): string {
  return header
    .subarray(start, start + length)
    .toString("utf8")
    .replace(/\0.*$/s, "");
}

function octal(header: Buffer, start: number, length: number): number {
  return Number.parseInt(field(header, start, length).trim() || "0", 8);
}
