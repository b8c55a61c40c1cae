import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The console's shape (issue 31 point 1): no file over 300 lines, no import cycle, and nothing
// reached by a relative path outside the app (the catalogs come through @obmen/i18n).

const ROOT = import.meta.dirname;
const MAX_LINES = 300;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The files a file imports by a relative path: static imports and re-exports, dynamic
 * `import()` (a lazy route), CSS imports; not `import type`, which is gone at run time.
 */
export function relativeImports(file: string, text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?["'](\.[^"']+)["']/gm,
    /^\s*export\s+(?!type\s)[^'";]*?\sfrom\s+["'](\.[^"']+)["']/gm,
    /\bimport\(\s*["'](\.[^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.push(resolve(dirname(file), match[1]!));
  }
  return found;
}

/** One cycle of `graph` as a list of files (the first repeated at the end), or null. */
export function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

describe("the console's source tree", () => {
  const files = sourceFiles(ROOT);

  it("has no file over 300 lines", () => {
    const long = files
      .map((file) => ({
        file: relative(ROOT, file),
        lines: readFileSync(file, "utf8").split("\n"),
      }))
      .filter(({ lines }) => lines.length - (lines.at(-1) === "" ? 1 : 0) > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines.length} lines`);
    expect(long).toEqual([]);
  });

  it("has no import cycle and reaches nothing outside the app by a relative path", () => {
    const graph = new Map<string, string[]>();
    const outside: string[] = [];
    for (const file of files) {
      const imports = relativeImports(file, readFileSync(file, "utf8"));
      graph.set(file, imports);
      for (const target of imports) {
        if (relative(ROOT, target).startsWith(".."))
          outside.push(`${relative(ROOT, file)} → ${target}`);
      }
    }
    expect(outside).toEqual([]);
    expect(findCycle(graph)?.map((file) => relative(ROOT, file)) ?? null).toBeNull();
  });

  it("finds a cycle when there is one (the check itself can fail)", () => {
    const graph = new Map([
      ["app.tsx", ["screens/desk.tsx"]],
      ["screens/desk.tsx", ["format.ts", "app.tsx"]],
      ["format.ts", []],
    ]);
    expect(findCycle(graph)).toEqual(["app.tsx", "screens/desk.tsx", "app.tsx"]);
    expect(
      relativeImports(
        "/a/app.tsx",
        'import { x } from "./b.ts";\nimport type { Y } from "./c.ts";\nconst z = import("./d.tsx");',
      ),
    ).toEqual(["/a/b.ts", "/a/d.tsx"]);
  });
});
