import type { Config } from "@react-router/dev/config";

// SSR on: pages must work before JavaScript loads (DESIGN.md, front-end rules).
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
} satisfies Config;
