import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** README.md and every Markdown file under docs/. */
function docs(): string[] {
  const found = ["README.md"];
  const visit = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(relative);
      else if (entry.name.endsWith(".md")) found.push(relative);
    }
  };
  visit("docs");
  return found;
}

// A repository path as the docs write one: from a top-level folder of ours, down to a file or a
// folder. Globs, placeholders (`NNN`, `{name}`, `<file>`) and `…` mark a pattern, not a path.
const TOP = "(?:apps|packages|docs|bench|scripts|e2e|deploy)";
const REPOSITORY_PATH = new RegExp(`(?<![\\w./-])${TOP}/[\\w.@+/-]*[\\w/]`, "g");
const PATTERN = /[*{}<>…]|NNN|\bXXX\b/;
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;
/** What a build or a run writes, named by the docs but not kept in the repository. */
const GENERATED = ["apps/web/build", "apps/admin/dist", "bench/results.json"];

/** The paths one doc names: repository paths anywhere, and its relative links. */
function namedPaths(doc: string): string[] {
  const text = readFileSync(path.join(root, doc), "utf8");
  const named = new Set<string>();
  for (const match of text.matchAll(REPOSITORY_PATH)) {
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 1);
    if (PATTERN.test(match[0]) || PATTERN.test(after)) continue;
    named.add(match[0].replace(/\/$/, ""));
  }
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const target = match[1]!.split("#")[0]!;
    if (!target || /^[a-z]+:/.test(target) || PATTERN.test(target)) continue;
    named.add(path.normalize(path.join(path.dirname(doc), target)));
  }
  return [...named];
}

/** Issue 31 point 7: a doc that names a file that moved sends its reader nowhere. */
describe("the docs", () => {
  it("name only paths that exist", () => {
    const missing = docs().flatMap((doc) =>
      namedPaths(doc)
        .filter((named) => !GENERATED.some((output) => named.startsWith(output)))
        .filter((named) => !existsSync(path.join(root, named)))
        .map((named) => `${doc}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});
