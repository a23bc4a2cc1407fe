// Generates the Prisma client offline.
// `prisma generate` only checks that a schema engine binary exists (it never runs it for generation);
// without one it tries to download it and fails on a closed network. Any existing file satisfies the check.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url),
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const result = spawnSync("npx", ["prisma", "generate"], { cwd: root, env, stdio: "inherit" });
process.exit(result.status ?? 1);
