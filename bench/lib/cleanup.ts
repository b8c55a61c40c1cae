/**
 * Everything the bench starts (child processes, temp dirs, scratch databases, files written
 * into the web build) registers its undo here, so a failure or Ctrl-C still cleans up.
 */
type Undo = () => Promise<void> | void;

const undos: { label: string; undo: Undo }[] = [];

/** Registers an undo; the returned function runs it once and unregisters it. */
export function onCleanup(label: string, undo: Undo): () => Promise<void> {
  const entry = { label, undo };
  undos.push(entry);
  return async () => {
    const index = undos.indexOf(entry);
    if (index === -1) return;
    undos.splice(index, 1);
    await entry.undo();
  };
}

/** Runs every pending undo, newest first; one failing does not stop the others. */
export async function cleanupAll(): Promise<void> {
  while (undos.length > 0) {
    const entry = undos.pop()!;
    try {
      await entry.undo();
    } catch (error) {
      console.error(`cleanup of ${entry.label} failed:`, (error as Error).message);
    }
  }
}

let installed = false;
/** Cleans up on Ctrl-C / SIGTERM / an uncaught error, then exits. */
export function installSignalCleanup(): void {
  if (installed) return;
  installed = true;
  const bail = (code: number) => () => {
    void cleanupAll().finally(() => process.exit(code));
  };
  process.once("SIGINT", bail(130));
  process.once("SIGTERM", bail(143));
  process.once("uncaughtException", (error) => {
    console.error(error);
    bail(1)();
  });
}
