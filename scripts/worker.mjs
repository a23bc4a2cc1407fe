// npm run worker: bundles the run worker (scripts/run-worker.ts, see scripts/lib/run-worker-bundle.mjs) and runs it in
// this process, with source maps on so a stack trace names the project's files.
import { pathToFileURL } from "node:url";
import { bundleRunWorker } from "./lib/run-worker-bundle.mjs";

const { file } = await bundleRunWorker();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(file).href);
