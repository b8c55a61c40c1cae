import { defineConfig } from "vite";

// The console is its own bundle, served by the one server under /admin
// (docs/decisions/030-operator-console-ui.md); nothing here is reachable from apps/web.
export default defineConfig({
  base: "/admin/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // A manifest lets the server and the tests see what the build holds.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Only the contracts' constants and types are used in the browser, not their zod schemas.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
