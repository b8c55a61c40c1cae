import { PGlite } from "@electric-sql/pglite";

/**
 * PGlite runs PostgreSQL inside this process's memory, so its settings are the process's
 * footprint. initdb's `shared_buffers` of 128 MB would all become resident WebAssembly memory;
 * the embedded catalogue is a few megabytes, and pages that leave the buffers stay in the
 * operating system's file cache, which is not this process's memory (docs/performance.md).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
];
