import { createInterface } from "node:readline/promises";

/**
 * A password from the terminal, typed twice and never echoed; from a pipe, its first line.
 * Never a command-line argument: those are visible to every user of the machine in `ps`.
 */
export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return "";
  }
  const first = await askHidden("Password: ");
  const second = await askHidden("Repeat the password: ");
  if (first !== second) {
    console.error("The two passwords differ.");
    process.exit(2);
  }
  return first;
}

async function askHidden(prompt: string): Promise<string> {
  const terminal = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
  });
  // Echo nothing of what is typed; the prompt itself is written before muting.
  process.stdout.write(prompt);
  const output = terminal as unknown as { _writeToOutput: (text: string) => void };
  output._writeToOutput = () => {};
  try {
    return await terminal.question("");
  } finally {
    terminal.close();
    process.stdout.write("\n");
  }
}
