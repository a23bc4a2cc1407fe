import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleRunWorker } from "../../../../scripts/lib/run-worker-bundle.mjs";
import { startNode, stopChild } from "../testing/child-process";

// A worker on another machine must not carry a web request's context: the run worker's entry, and the scripts beside
// it, load no Next, no React and no better-auth. Each entry runs for real with a module log; the test reads what it
// loaded. The seed hashes passwords with better-auth's crypto module, and nothing else of better-auth.

const WEB = /\/node_modules\/(next|react|react-dom)\//;
const BETTER_AUTH = /\/node_modules\/(better-auth|@better-auth\/[^/]+)\//;
const BETTER_AUTH_CRYPTO =
  /\/node_modules\/(better-auth\/dist\/crypto|@better-auth\/utils|@noble|@better-auth\/core\/dist\/(utils|env|error))/;

/** The preloads of a TypeScript entry run as a script: the server-only hook and tsx. */
const SCRIPT = ["--import", "./scripts/lib/server-only.mjs", "--import", "tsx"];

async function loadedModules(
  args: string[],
  ready: RegExp,
  stop: boolean,
  dir = mkdtempSync(path.join(tmpdir(), "entry-modules-")),
  preloads = SCRIPT,
): Promise<string[]> {
  const log = path.join(dir, `${path.basename(args[0]!)}.modules.txt`);
  const env = {
    ...process.env,
    DATABASE_URL: `file:${path.join(dir, "entry.db")}`,
    MODULE_LOG_FILE: log,
    RUN_POLL_MS: "100",
  };
  const child = await startNode(
    [...preloads, "--import", "./lib/runs/store/testing/module-log.mjs", ...args],
    env,
    ready,
  );
  if (stop) await stopChild(child);
  else await child.exited;
  const modules = [...new Set(readFileSync(log, "utf8").split("\n").filter(Boolean))].map((file) =>
    path.relative(process.cwd(), file),
  );
  return modules;
}

const ours = (modules: string[]) => modules.filter((file) => !file.startsWith("node_modules/"));

// Each test starts one or two processes (the scripts through tsx): seconds each on a busy machine.
describe("what an entry outside the web server loads", { timeout: 60_000 }, () => {
  it("the run worker: its run service and the database, and no Next, React or better-auth", async () => {
    // `npm run worker` runs one bundle of the project's modules (scripts/worker.mjs): the bundle says which of ours
    // it holds, the module log which packages the process loads.
    const modules = await loadedModules(["scripts/worker.mjs"], /run worker (\S+) started/, true, undefined, []);
    const bundled = Object.keys((await bundleRunWorker()).metafile.inputs);
    expect(bundled).toEqual(
      expect.arrayContaining([
        "scripts/run-worker.ts",
        "lib/runs/store/run-worker.ts",
        "lib/runs/engine/engine.ts",
        "lib/db/core/client.ts",
      ]),
    );
    expect(ours(modules)).toEqual(expect.arrayContaining(["scripts/worker.mjs", ".cache/run-worker/run-worker.mjs"]));
    expect(modules.filter((file) => WEB.test(`/${file}`))).toEqual([]);
    expect(modules.filter((file) => BETTER_AUTH.test(`/${file}`))).toEqual([]);
    expect(
      bundled.filter(
        (file) => file.startsWith("lib/session/") || file.startsWith("app/") || file.startsWith("components/"),
      ),
    ).toEqual([]);
  });

  it("db:migrate: only the migrations and where the database is", async () => {
    const modules = await loadedModules(["scripts/db-migrate.ts"], /Applied|up to date/, false);
    expect(
      ours(modules)
        .filter((file) => file.startsWith("lib/"))
        .every((file) => /^lib\/db\/(migrations|location)\//.test(file)),
    ).toBe(true);
    expect(modules.filter((file) => WEB.test(`/${file}`) || BETTER_AUTH.test(`/${file}`))).toEqual([]);
  });

  it("db:seed: no Next or React, and of better-auth only its password hashing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "entry-modules-"));
    await loadedModules(["scripts/db-migrate.ts"], /Applied/, false, dir);
    const modules = await loadedModules(["scripts/db-seed.ts"], /Seed/, false, dir);
    expect(ours(modules)).toContain("lib/demo/seed/seed.ts");
    expect(modules.filter((file) => WEB.test(`/${file}`))).toEqual([]);
    expect(modules.filter((file) => BETTER_AUTH.test(`/${file}`) && !BETTER_AUTH_CRYPTO.test(`/${file}`))).toEqual([]);
  });
});
