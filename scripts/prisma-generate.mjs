// Generates both Prisma clients offline: lib/db/generated/prisma (SQLite, from prisma/schema.prisma) and
// lib/db/generated/prisma-postgresql (from prisma/postgresql/schema.prisma, which is rewritten from the source first).
// `prisma generate` only checks that a schema engine binary exists (it never runs it for generation);
// without one it tries to download it and fails on a closed network. Any existing file satisfies the check.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = fileURLToPath(new URL("..", import.meta.url));
const authoring = await tsImport("../lib/db/migrations/authoring/index.ts", import.meta.url);
const { changed } = authoring.writePostgresSchema(root);
if (changed)
  console.log(`Wrote ${authoring.POSTGRES_SCHEMA_PATH} from prisma/schema.prisma: commit it with the schema.`);

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url),
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
// Both at once: each is mostly one core's work, and npm test waits for them before anything else runs.
const generate = (schema) =>
  new Promise((resolve) => {
    const child = spawn("npx", ["prisma", "generate", "--schema", schema], { cwd: root, env, stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (code) => resolve(code ?? 1));
  });
const codes = await Promise.all(["prisma/schema.prisma", authoring.POSTGRES_SCHEMA_PATH].map(generate));
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
