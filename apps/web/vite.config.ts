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
      output: {
        codeSplitting: {
          // React, React DOM and React Router in one chunk: every page loads all of them (the
          // entry and root need them), but automatic chunking cuts them by which route modules
          // import which part, and a new route module re-cuts them. The pathless select layout
          // over home (routes/select-layout.tsx) cut them into five files, which cost home
          // about 0.9 KB gzip; one file gzips better and keeps its hash while the app's code
          // changes (docs/performance.md, home_js_kb).
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
