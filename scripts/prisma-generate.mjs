// Generates both Prisma clients offline: lib/db/generated/prisma (SQLite, from prisma/schema.prisma) and
// lib/db/generated/prisma-postgresql (from prisma/postgresql/schema.prisma, which is rewritten from the source first).
// `prisma generate` only checks that a schema engine binary exists (it never runs it for generation);
// without one it tries to download it and fails on a closed network. Any existing file satisfies the check.
import { spawnSync } from "node:child_process";
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
for (const schema of ["prisma/schema.prisma", authoring.POSTGRES_SCHEMA_PATH]) {
  const result = spawnSync("npx", ["prisma", "generate", "--schema", schema], { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
