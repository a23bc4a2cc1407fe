import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The architecture page is the map a newcomer reads first (docs/architecture.md). A module is a folder with an
// index.ts; one the page does not name is a part of the house nobody was told about.
const ROOT = path.resolve(import.meta.dirname, "../..");
const SKIPPED = new Set(["__tests__", "testing", "generated", "node_modules"]);

/** Every folder under `dir` (relative to the repository) that holds an index.ts, tests and generated code aside. */
function moduleFolders(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const relative = `${dir}/${name}`;
    if (SKIPPED.has(name) || !statSync(path.join(ROOT, relative)).isDirectory()) continue;
    if (readdirSync(path.join(ROOT, relative)).includes("index.ts")) found.push(relative);
    found.push(...moduleFolders(relative));
  }
  return found;
}

/** The page names a module by its path in backticks, alone or followed by a slash or a file inside it. */
function namesModule(page: string, folder: string): boolean {
  const escaped = folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp("`" + escaped + "(/[^`]*)?`").test(page);
}

describe("the architecture page", () => {
  const page = readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");

  it("names every lib and components module that has an index.ts", () => {
    const modules = [...moduleFolders("lib"), ...moduleFolders("components")];
    expect(modules.length).toBeGreaterThan(40);
    expect(modules.filter((folder) => !namesModule(page, folder))).toEqual([]);
  });

  it("names only folders that exist", () => {
    const named = [...page.matchAll(/`((?:lib|components)\/[a-z0-9/-]+?)\/?`/g)].map((match) => match[1]);
    expect(named.filter((folder) => !exists(folder))).toEqual([]);
  });

  it("is short enough to read in ten minutes", () => {
    // About 230 words a minute for technical prose.
    expect(page.split(/\s+/).length).toBeLessThanOrEqual(2_300);
  });
});

/** A folder, or a file named without its extension (`lib/runs/engine/agent-bindings`). */
function exists(relative: string): boolean {
  return ["", ".ts", ".tsx"].some((extension) => {
    try {
      statSync(path.join(ROOT, relative + extension));
      return true;
    } catch {
      return false;
    }
  });
}
