-- AlterTable
ALTER TABLE "llm_call" ADD COLUMN "request" TEXT;
ALTER TABLE "llm_call" ADD COLUMN "response" TEXT;
ALTER TABLE "llm_call" ADD COLUMN "stepRunId" TEXT;

-- CreateTable
CREATE TABLE "test_case" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routineId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "inputs" TEXT NOT NULL DEFAULT '{}',
    "expectedCalls" TEXT NOT NULL DEFAULT '[]',
    "expectedPath" TEXT NOT NULL DEFAULT '[]',
    "pinnedOutputs" TEXT NOT NULL DEFAULT '[]',
    "source" TEXT NOT NULL DEFAULT 'manual',
    "status" TEXT NOT NULL DEFAULT 'active',
    "sourceRunId" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "test_case_routineId_fkey" FOREIGN KEY ("routineId") REFERENCES "routine" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "test_case_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "eval_suite" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routineId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "configurations" TEXT NOT NULL,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "eval_suite_routineId_fkey" FOREIGN KEY ("routineId") REFERENCES "routine" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "eval_suite_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "eval_run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "suiteId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "configurations" TEXT NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
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

-- CreateTable
CREATE TABLE "eval_result" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "evalRunId" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "configIndex" INTEGER NOT NULL,
    "versionId" TEXT NOT NULL,
    "runId" TEXT,
    "status" TEXT NOT NULL,
    "verdict" TEXT,
    "actualCalls" TEXT,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "eval_result_evalRunId_fkey" FOREIGN KEY ("evalRunId") REFERENCES "eval_run" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "eval_result_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "test_case" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_routine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "ownerId" TEXT NOT NULL,
    "archivedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "publishedVersionId" TEXT,
    "defaultMode" TEXT NOT NULL DEFAULT 'workflow',
    CONSTRAINT "routine_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_routine" ("archivedAt", "createdAt", "description", "id", "name", "ownerId", "publishedVersionId", "updatedAt") SELECT "archivedAt", "createdAt", "description", "id", "name", "ownerId", "publishedVersionId", "updatedAt" FROM "routine";
DROP TABLE "routine";
ALTER TABLE "new_routine" RENAME TO "routine";
CREATE INDEX "routine_updatedAt_idx" ON "routine"("updatedAt");
CREATE INDEX "routine_ownerId_idx" ON "routine"("ownerId");
CREATE TABLE "new_run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routineId" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "versionNumber" INTEGER NOT NULL,
    "routineName" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "inputs" TEXT NOT NULL DEFAULT '{}',
    "request" TEXT,
    "source" TEXT NOT NULL DEFAULT 'ui',
    "execution" TEXT NOT NULL DEFAULT '{"mode":"workflow"}',
    "toolFixtures" TEXT,
    "startedById" TEXT,
    "parentRunId" TEXT,
    "parentStepRunId" TEXT,
    "budgets" TEXT NOT NULL DEFAULT '{}',
    "outputs" TEXT,
    "error" TEXT,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "stepsExecuted" INTEGER NOT NULL DEFAULT 0,
    "lastSeq" INTEGER NOT NULL DEFAULT 0,
    "control" TEXT,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "run_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "routine_version" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "run_startedById_fkey" FOREIGN KEY ("startedById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_run" ("budgets", "control", "createdAt", "error", "finishedAt", "id", "inputTokens", "inputs", "lastSeq", "leaseOwner", "leaseUntil", "outputTokens", "outputs", "parentRunId", "parentStepRunId", "request", "routineId", "routineName", "source", "startedAt", "startedById", "status", "stepsExecuted", "updatedAt", "versionId", "versionNumber") SELECT "budgets", "control", "createdAt", "error", "finishedAt", "id", "inputTokens", "inputs", "lastSeq", "leaseOwner", "leaseUntil", "outputTokens", "outputs", "parentRunId", "parentStepRunId", "request", "routineId", "routineName", "source", "startedAt", "startedById", "status", "stepsExecuted", "updatedAt", "versionId", "versionNumber" FROM "run";
DROP TABLE "run";
ALTER TABLE "new_run" RENAME TO "run";
CREATE INDEX "run_status_idx" ON "run"("status");
CREATE INDEX "run_routineId_createdAt_idx" ON "run"("routineId", "createdAt");
CREATE INDEX "run_startedById_idx" ON "run"("startedById");
CREATE INDEX "run_parentRunId_idx" ON "run"("parentRunId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "test_case_routineId_status_idx" ON "test_case"("routineId", "status");

-- CreateIndex
CREATE INDEX "eval_suite_routineId_idx" ON "eval_suite"("routineId");

-- CreateIndex
CREATE INDEX "eval_run_suiteId_createdAt_idx" ON "eval_run"("suiteId", "createdAt");

-- CreateIndex
CREATE INDEX "eval_run_status_idx" ON "eval_run"("status");

-- CreateIndex
CREATE INDEX "eval_result_evalRunId_status_idx" ON "eval_result"("evalRunId", "status");

-- CreateIndex
CREATE INDEX "eval_result_runId_idx" ON "eval_result"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "eval_result_evalRunId_caseId_configIndex_key" ON "eval_result"("evalRunId", "caseId", "configIndex");

-- CreateIndex
CREATE INDEX "llm_call_stepRunId_idx" ON "llm_call"("stepRunId");
