import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CSP, registerAdminConsole } from "./admin-console.ts";

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "obmen-admin-dist-"));
  await mkdir(join(dir, "assets"));
  await mkdir(join(dir, ".vite"));
  await writeFile(join(dir, "index.html"), "<!doctype html><title>console</title>");
  await writeFile(join(dir, "assets", "index-abc123.js"), "console.log(1)");
  await writeFile(join(dir, ".vite", "manifest.json"), "{}");
  app = Fastify();
  // The API's own catch-all, as register-admin-api.ts declares it.
  app.all("/admin/api/*", async (_request, reply) => reply.code(404).send({ error: "api" }));
  expect(await registerAdminConsole(app, { distDir: dir })).toBe(true);
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the operator console's files", () => {
  it("answers index.html, never cached, for every screen's path", async () => {
    for (const url of [
      "/admin",
      "/admin/",
      "/admin/orders/3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c",
      "/admin/audit?page=2",
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain("<title>console</title>");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["content-security-policy"]).toBe(ADMIN_CSP);
      expect(response.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("serves hashed assets as immutable under the console's strict policy", async () => {
    const response = await app.inject({ url: "/admin/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-security-policy"]).toBe(ADMIN_CSP);
  });

  it("is a 404 for a missing file, the build's manifest and the API's paths", async () => {
    expect((await app.inject({ url: "/admin/assets/index-old.js" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/admin/.vite/manifest.json" })).statusCode).toBe(404);
    const api = await app.inject({ url: "/admin/api/nothing" });
    expect(api.json()).toEqual({ error: "api" });
  });

  it("is skipped, not fatal, without a build", async () => {
    const bare = Fastify();
    expect(await registerAdminConsole(bare, { distDir: join(dir, "missing") })).toBe(false);
    await bare.close();
  });
});
