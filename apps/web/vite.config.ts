import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
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
