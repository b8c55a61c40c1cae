import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // One stylesheet for the whole site (about 7 KB with Brotli) instead of one per route
    // module: a page blocks its first paint on one request rather than five, and later
    // navigations need no new CSS. See docs/decisions/011-compression-and-static-assets.md.
    cssCodeSplit: false,
    rolldownOptions: {
      treeshake: {
        // @obmen/contracts builds its zod schemas at module top level, which a bundler must
        // keep unless told the package is side-effect free. The browser only needs its
        // locale list, not zod (~28 KB gzip). Drop this once packages/contracts declares
        // `"sideEffects": false` in its package.json.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
