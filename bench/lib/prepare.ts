// Run by prepareApp (./server.ts) as a child process whose stdout goes to stderr (so a benchmark's stdout stays one
// JSON line): generates the Prisma client, migrates and seeds the bench database (DATABASE_URL), builds the app,
// and installs Debian's full Chromium when BENCH_CHROMIUM names its binary (the editor benchmark measures in it).
import { ensureDebianPackage } from "../../scripts/lib/debian-packages.mjs";
import { ensureBuild, ensurePrismaClient, run } from "../../scripts/lib/prepare.mjs";

if (process.env.BENCH_CHROMIUM) ensureDebianPackage("chromium", process.env.BENCH_CHROMIUM);
ensurePrismaClient();
run("Migrating the bench database", "node", ["--import", "tsx", "scripts/db-migrate.ts"]);
run("Seeding the bench database", "node", ["--conditions=react-server", "--import", "tsx", "scripts/db-seed.ts"]);
ensureBuild(process.env);
