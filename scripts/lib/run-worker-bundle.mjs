// The standalone run worker as one ES module: scripts/run-worker.ts and the project modules it imports bundled by
// esbuild into .cache/run-worker/, packages left to node_modules. Started under tsx, the worker cost ~3 CPU-seconds
// before it took work (a module-hooks thread resolving and transforming every import); bundled, ~1.5, and the tests
// start it ~30 times a run (docs/decisions/0042-run-worker-bundle.md).
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const RUN_WORKER_ENTRY = path.join(root, "scripts", "run-worker.ts");
const RUN_WORKER_BUNDLE = path.join(root, ".cache", "run-worker", "run-worker.mjs");

/**
 * Bundles the run worker; answers the bundle's path and esbuild's metafile (what went into it). Several workers may
 * start at once (the tests start three): each writes its files under a name of its own and renames them into place,
 * so none reads a half-written bundle.
 * `server-only` becomes an empty module, as in Next's server bundles (the worker is server code).
 */
export async function bundleRunWorker() {
  const result = await build({
    entryPoints: [RUN_WORKER_ENTRY],
    outfile: RUN_WORKER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "server-only": path.join(root, "scripts", "lib", "empty-module.mjs") },
    sourcemap: "linked",
    write: false,
    logLevel: "silent",
    metafile: true,
  });
  mkdirSync(path.dirname(RUN_WORKER_BUNDLE), { recursive: true });
  const suffix = `.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  // The map first: a bundle in place always finds a map beside it.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith(".map")) - Number(a.path.endsWith(".map")),
  );
  for (const file of files) {
    writeFileSync(file.path + suffix, file.contents);
    renameSync(file.path + suffix, file.path);
  }
  return { file: RUN_WORKER_BUNDLE, metafile: result.metafile };
}
