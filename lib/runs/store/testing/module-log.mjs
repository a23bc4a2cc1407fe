// `node --import ./lib/runs/store/testing/module-log.mjs entry.ts`: records every module the process loads in the file
// MODULE_LOG_FILE, one path per line: ES modules as they are resolved, and the CommonJS cache when the process exits.
import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import { fileURLToPath } from "node:url";

const file = process.env.MODULE_LOG_FILE;
if (!file) throw new Error("Set MODULE_LOG_FILE to the file that should list the loaded modules.");
register("./module-log-hooks.mjs", import.meta.url, { data: { file } });
process.on("exit", () =>
  appendFileSync(file, Object.keys(createRequire(fileURLToPath(import.meta.url)).cache).join("\n") + "\n"),
);
