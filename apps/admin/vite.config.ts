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
        // A contracts module is kept only for what the console uses of it (schemas, constants).
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
