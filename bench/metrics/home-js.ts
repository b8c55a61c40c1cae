import { gzipSync } from "node:zlib";
import { boundResult, type MetricResult } from "../lib/result.ts";
import type { ObmenProcess } from "../lib/server-process.ts";

/**
 * The JavaScript a visitor's browser loads for the home page: every `<script src>`, every
 * `<link rel="modulepreload">` and every module the inline bootstrap script imports, each
 * gzipped at level 9 (what a static pre-compressor would ship) and summed.
 */
export async function measureHomeJs(server: ObmenProcess, html: string): Promise<MetricResult> {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    if (!/\brel="modulepreload"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) urls.add(href);
  }
  for (const script of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const match of script[1]!.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)) urls.add(match[1]!);
  }
  const files: { url: string; bytes: number; gzip: number }[] = [];
  for (const url of urls) {
    const response = await fetch(new URL(url.replaceAll("&amp;", "&"), server.url));
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    files.push({ url, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  if (files.length === 0) throw new Error("no scripts found in the home page HTML");
  const totalKb = files.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  return boundResult({
    name: "home_js_kb",
    engine: null,
    value: totalKb,
    unit: "KB",
    bound: 120,
    kind: "max",
    places: 1,
    details: {
      files: files
        .sort((a, b) => b.gzip - a.gzip)
        .map((file) => ({ ...file, gzip_kb: Math.round(file.gzip / 102.4) / 10 })),
    },
  });
}
