import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, expect, it } from "vitest";
import { precompressDirectory } from "./precompress-client-build.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("writes Brotli and gzip twins for compressible files of 1 KB or more, and nothing else", async () => {
  const dir = mkdtempSync(join(tmpdir(), "obmen-precompress-"));
  dirs.push(dir);
  mkdirSync(join(dir, "assets"));
  const script = `console.log(${JSON.stringify("обмен ".repeat(400))});`;
  writeFileSync(join(dir, "assets", "entry-Ab1.js"), script);
  writeFileSync(join(dir, "assets", "tiny-Cd2.css"), "a{color:red}");
  writeFileSync(join(dir, "assets", "logo-Ef3.png"), Buffer.alloc(4096, 7));

  const summary = await precompressDirectory(dir);

  const file = join(dir, "assets", "entry-Ab1.js");
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
  expect(existsSync(join(dir, "assets", "tiny-Cd2.css.br"))).toBe(false);
  expect(existsSync(join(dir, "assets", "logo-Ef3.png.br"))).toBe(false);
  expect(summary.compressed).toBe(1);
  expect(summary.brotliBytes).toBeLessThan(summary.plainBytes / 10);

  // A second run (a rebuilt folder) does not compress the twins themselves.
  await precompressDirectory(dir);
  expect(existsSync(`${file}.br.br`)).toBe(false);
});
