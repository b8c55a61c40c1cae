import os from "node:os";

export function describeMachine() {
  return {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? "unknown",
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
  };
}
