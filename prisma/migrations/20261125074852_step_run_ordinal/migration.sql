-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_step_run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "iteration" INTEGER NOT NULL DEFAULT 1,
    "state" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "input" TEXT,
    "output" TEXT,
    "outputRef" TEXT,
    "error" TEXT,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    "tool" TEXT,
    "ordinal" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "step_run_runId_fkey" FOREIGN KEY ("runId") REFERENCES "run" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Existing step runs keep their order: the old rowid (rising in insertion order) becomes their ordinal.
INSERT INTO "new_step_run" ("attempt", "error", "finishedAt", "id", "input", "inputTokens", "iteration", "output", "outputRef", "outputTokens", "runId", "startedAt", "state", "stepId", "tool", "updatedAt", "ordinal") SELECT "attempt", "error", "finishedAt", "id", "input", "inputTokens", "iteration", "output", "outputRef", "outputTokens", "runId", "startedAt", "state", "stepId", "tool", "updatedAt", "rowid" FROM "step_run" ORDER BY "rowid";
DROP TABLE "step_run";
ALTER TABLE "new_step_run" RENAME TO "step_run";
CREATE INDEX "step_run_runId_ordinal_idx" ON "step_run"("runId", "ordinal");
CREATE UNIQUE INDEX "step_run_runId_stepId_iteration_key" ON "step_run"("runId", "stepId", "iteration");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
