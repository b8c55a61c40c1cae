/**
 * Our static-file server (apps/web/server/static-files.ts: the build read into memory with its
 * `.br`/`.gz` twins) against `@fastify/static` with `preCompressed: true` (the same twins, read
 * from disk per request), on the same build and the same requests (docs/decisions/054).
 * Each variant runs in a process of its own, so its resident memory is its own; the variants
 * alternate for `--rounds` rounds. Not part of `npm run bench`: a one-off comparison.
 *
 *   npx tsx bench/static-files-compare.ts [--client apps/web/build/client] [--rounds 3]
 *       [--seconds 10] [--connections 20] [--port 3230]
 *
 * A quiet machine is needed for the req/s to mean anything; the memory figures hold anyway.
 */
import { fork } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import Fastify from "fastify";

type Variant = "ours" | "fastify-static";

const { values } = parseArgs({
  options: {
    client: { type: "string", default: "apps/web/build/client" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3230" },
    serve: { type: "string" },
  },
});
const clientDir = path.resolve(values.client);
const port = Number(values.port);

if (values.serve) await serve(values.serve as Variant);
else await compare();

/** The child: one variant listening on `port`, answering `/__rss` with its resident memory. */
async function serve(variant: Variant) {
  const app = Fastify({ logger: false });
  app.get("/__rss", async () => ({ rss: process.memoryUsage().rss }));
  if (variant === "ours") {
    const { loadStaticFiles, registerStaticFiles } = await import(
      "../apps/web/server/static-files.ts"
    );
    registerStaticFiles(app, await loadStaticFiles(clientDir));
  } else {
    const fastifyStatic = (await import("@fastify/static")).default;
    await app.register(fastifyStatic, {
      root: clientDir,
      preCompressed: true,
      immutable: true,
      maxAge: "365d",
    });
  }
  await app.listen({ port, host: "127.0.0.1" });
  process.send?.("ready");
}

/** The hashed JS and CSS files a first visit loads, by size: the requests every variant gets. */
function assetPaths(): string[] {
  const assets = path.join(clientDir, "assets");
  return readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)
    .slice(0, 20)
    .map((name) => `/assets/${name}`);
}

async function measure(variant: Variant, paths: string[]) {
  const child = fork(
    fileURLToPath(import.meta.url),
    [...process.argv.slice(2), "--serve", variant],
    {
      execArgv: ["--import", "tsx"],
    },
  );
  await new Promise((resolve) => child.once("message", resolve));
  const base = `http://127.0.0.1:${port}`;
  const rss = async () => ((await (await fetch(`${base}/__rss`)).json()) as { rss: number }).rss;
  const rssAtStart = await rss();
  const result = await autocannon({
    url: base,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: paths.map((url) => ({
      method: "GET",
      path: url,
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    })),
  });
  const rssAfter = await rss();
  child.kill();
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${variant}: non-2xx or errors`);
  return {
    variant,
    rps: Math.round(result.requests.total / result.duration),
    p99Ms: result.latency.p99,
    rssStartMb: Math.round(rssAtStart / 2 ** 20),
    rssAfterMb: Math.round(rssAfter / 2 ** 20),
  };
}

async function compare() {
  const paths = assetPaths();
  const rows: Awaited<ReturnType<typeof measure>>[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const variant of ["ours", "fastify-static"] as const) {
      rows.push(await measure(variant, paths));
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
  const median = (variant: Variant, key: "rps" | "p99Ms" | "rssAfterMb") => {
    const sorted = rows
      .filter((row) => row.variant === variant)
      .map((row) => row[key])
      .sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  for (const variant of ["ours", "fastify-static"] as const) {
    console.log(
      `${variant}: median ${median(variant, "rps")} req/s, p99 ${median(variant, "p99Ms")} ms, rss after ${median(variant, "rssAfterMb")} MB`,
    );
  }
}
