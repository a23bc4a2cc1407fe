-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_test_case" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routineId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "inputs" TEXT NOT NULL DEFAULT '{}',
    "expectedCalls" TEXT NOT NULL DEFAULT '[]',
    "expectedPath" TEXT NOT NULL DEFAULT '[]',
    "pinnedOutputs" TEXT NOT NULL DEFAULT '[]',
    "strict" BOOLEAN NOT NULL DEFAULT false,
    "source" TEXT NOT NULL DEFAULT 'manual',
    "status" TEXT NOT NULL DEFAULT 'active',
    "sourceRunId" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "deletedAt" DATETIME,
    CONSTRAINT "test_case_routineId_fkey" FOREIGN KEY ("routineId") REFERENCES "routine" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "test_case_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_test_case" ("createdAt", "createdById", "deletedAt", "expectedCalls", "expectedPath", "id", "inputs", "name", "pinnedOutputs", "request", "routineId", "source", "sourceRunId", "status", "updatedAt") SELECT "createdAt", "createdById", "deletedAt", "expectedCalls", "expectedPath", "id", "inputs", "name", "pinnedOutputs", "request", "routineId", "source", "sourceRunId", "status", "updatedAt" FROM "test_case";
DROP TABLE "test_case";
ALTER TABLE "new_test_case" RENAME TO "test_case";
CREATE INDEX "test_case_routineId_status_idx" ON "test_case"("routineId", "status");
CREATE TABLE "new_eval_suite" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routineId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "configurations" TEXT NOT NULL,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "trials" INTEGER NOT NULL DEFAULT 1,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "deletedAt" DATETIME,
    CONSTRAINT "eval_suite_routineId_fkey" FOREIGN KEY ("routineId") REFERENCES "routine" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "eval_suite_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_eval_suite" ("concurrency", "configurations", "createdAt", "createdById", "deletedAt", "id", "name", "routineId", "updatedAt") SELECT "concurrency", "configurations", "createdAt", "createdById", "deletedAt", "id", "name", "routineId", "updatedAt" FROM "eval_suite";
DROP TABLE "eval_suite";
ALTER TABLE "new_eval_suite" RENAME TO "eval_suite";
CREATE INDEX "eval_suite_routineId_idx" ON "eval_suite"("routineId");
CREATE TABLE "new_eval_run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "suiteId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "configurations" TEXT NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "trials" INTEGER NOT NULL DEFAULT 1,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "startedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "eval_run_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "eval_suite" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "eval_run_startedById_fkey" FOREIGN KEY ("startedById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_eval_run" ("cancelRequested", "concurrency", "configurations", "createdAt", "done", "error", "finishedAt", "id", "leaseOwner", "leaseUntil", "startedAt", "startedById", "status", "suiteId", "total") SELECT "cancelRequested", "concurrency", "configurations", "createdAt", "done", "error", "finishedAt", "id", "leaseOwner", "leaseUntil", "startedAt", "startedById", "status", "suiteId", "total" FROM "eval_run";
DROP TABLE "eval_run";
ALTER TABLE "new_eval_run" RENAME TO "eval_run";
CREATE INDEX "eval_run_suiteId_createdAt_idx" ON "eval_run"("suiteId", "createdAt");
CREATE INDEX "eval_run_status_idx" ON "eval_run"("status");
CREATE TABLE "new_eval_result" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "evalRunId" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "configIndex" INTEGER NOT NULL,
    "trial" INTEGER NOT NULL DEFAULT 0,
    "versionId" TEXT NOT NULL,
    "runId" TEXT,
    "status" TEXT NOT NULL,
    "verdict" TEXT,
    "actualCalls" TEXT,
    "outcome" TEXT,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "contentHash" TEXT,
    CONSTRAINT "eval_result_evalRunId_fkey" FOREIGN KEY ("evalRunId") REFERENCES "eval_run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "eval_result_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "test_case" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_eval_result" ("actualCalls", "caseId", "configIndex", "contentHash", "createdAt", "durationMs", "error", "evalRunId", "finishedAt", "id", "inputTokens", "outputTokens", "runId", "status", "verdict", "versionId") SELECT "actualCalls", "caseId", "configIndex", "contentHash", "createdAt", "durationMs", "error", "evalRunId", "finishedAt", "id", "inputTokens", "outputTokens", "runId", "status", "verdict", "versionId" FROM "eval_result";
DROP TABLE "eval_result";
ALTER TABLE "new_eval_result" RENAME TO "eval_result";
CREATE INDEX "eval_result_evalRunId_status_idx" ON "eval_result"("evalRunId", "status");
CREATE INDEX "eval_result_runId_idx" ON "eval_result"("runId");
CREATE UNIQUE INDEX "eval_result_evalRunId_caseId_configIndex_trial_key" ON "eval_result"("evalRunId", "caseId", "configIndex", "trial");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
