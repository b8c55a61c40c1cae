import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { unpackTarGz } from "../src/untar.ts";
import { tempDirs } from "./support/temp-dirs.ts";

const tempRoot = tempDirs("obmen-untar-");

type Entry = { name: string; mode?: number } & ({ dir: true } | { content: string | Buffer });

/** A ustar archive as PGlite's dumpDataDir writes one. */
function tarGz(entries: Entry[], options: { truncateTo?: number } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const header = Buffer.alloc(512);
    const content = "content" in entry ? Buffer.from(entry.content) : Buffer.alloc(0);
    header.write(entry.name, 0, 100, "utf8");
    header.write(`${(entry.mode ?? 0o600).toString(8).padStart(7, "0")}\0`, 100);
    header.write(`${content.length.toString(8).padStart(11, "0")}\0`, 124);
    header.write("dir" in entry ? "5" : "0", 156);
    header.write("ustar\0", 257);
    writeChecksum(header);
    blocks.push(header, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const tar = Buffer.concat(blocks);
  return gzipSync(options.truncateTo === undefined ? tar : tar.subarray(0, options.truncateTo));
}

/** The header's checksum: its bytes summed with the checksum field itself read as spaces. */
function writeChecksum(header: Buffer) {
  header.fill(" ", 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
}

function archiveFile(root: string, bytes: Buffer): string {
  const file = path.join(root, "archive.tar.gz");
  writeFileSync(file, bytes);
  return file;
}

describe("unpackTarGz", () => {
  it("writes the directories and files with their bytes and modes, skipping what it is told to", async () => {
    const root = tempRoot();
    // Larger than a gunzip chunk, so a file arrives in several writes.
    const large = Buffer.alloc(200_000, 7);
    const archive = archiveFile(
      root,
      tarGz([
        { name: "base/", dir: true, mode: 0o700 },
        { name: "base/1/16384", content: large },
        { name: "PG_VERSION", content: "17\n" },
        { name: "global/empty", content: "" },
        { name: "postmaster.pid", content: "4242\n" },
      ]),
    );
    const target = path.join(root, "pglite");
    await unpackTarGz(archive, target, { skip: (name) => name === "postmaster.pid" });

    expect(readFileSync(path.join(target, "base/1/16384")).equals(large)).toBe(true);
    expect(readFileSync(path.join(target, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readFileSync(path.join(target, "global/empty"), "utf8")).toBe("");
    expect(statSync(path.join(target, "base")).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(target, "PG_VERSION")).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(target, "postmaster.pid"))).toBe(false);
  });

  it("fails on a truncated archive and leaves nothing behind", async () => {
    const root = tempRoot();
    const archive = archiveFile(
      root,
      tarGz(
        [
          { name: "PG_VERSION", content: "17\n" },
          { name: "base/1/1", content: "x".repeat(2000) },
        ],
        {
          truncateTo: 512 * 3,
        },
      ),
    );
    const target = path.join(root, "pglite");
    await expect(unpackTarGz(archive, target)).rejects.toThrow(/truncated/);
    expect(existsSync(target)).toBe(false);
  });

  it("refuses a path that leaves the directory, and links", async () => {
    const root = tempRoot();
    const target = path.join(root, "pglite");
    const escaping = archiveFile(root, tarGz([{ name: "../escaped", content: "x" }]));
    await expect(unpackTarGz(escaping, target)).rejects.toThrow(/unsafe path/);
    expect(existsSync(path.join(root, "escaped"))).toBe(false);

    const link = tarGz([{ name: "PG_VERSION", content: "17\n" }]);
    const raw = gunzipSync(link);
    raw.write("2", 156);
    writeChecksum(raw.subarray(0, 512));
    await expect(unpackTarGz(archiveFile(root, gzipSync(raw)), target)).rejects.toThrow(
      /unsupported entry type symlink/,
    );
    expect(existsSync(target)).toBe(false);
  });
});
