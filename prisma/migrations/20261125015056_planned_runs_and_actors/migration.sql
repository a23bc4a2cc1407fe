-- CreateTable
CREATE TABLE "toolkit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "tools" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "actor_profile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "persona" TEXT NOT NULL DEFAULT '',
    "toolkitId" TEXT NOT NULL,
    "model" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "actor_profile_toolkitId_fkey" FOREIGN KEY ("toolkitId") REFERENCES "toolkit" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routineId" TEXT,
    "versionId" TEXT,
    "versionNumber" INTEGER,
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
    "plan" TEXT,
    CONSTRAINT "run_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "routine_version" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "run_startedById_fkey" FOREIGN KEY ("startedById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_run" ("budgets", "control", "createdAt", "error", "execution", "finishedAt", "id", "inputTokens", "inputs", "lastSeq", "leaseOwner", "leaseUntil", "outputTokens", "outputs", "parentRunId", "parentStepRunId", "request", "routineId", "routineName", "source", "startedAt", "startedById", "status", "stepsExecuted", "toolFixtures", "updatedAt", "versionId", "versionNumber") SELECT "budgets", "control", "createdAt", "error", "execution", "finishedAt", "id", "inputTokens", "inputs", "lastSeq", "leaseOwner", "leaseUntil", "outputTokens", "outputs", "parentRunId", "parentStepRunId", "request", "routineId", "routineName", "source", "startedAt", "startedById", "status", "stepsExecuted", "toolFixtures", "updatedAt", "versionId", "versionNumber" FROM "run";
DROP TABLE "run";
ALTER TABLE "new_run" RENAME TO "run";
CREATE INDEX "run_status_idx" ON "run"("status");
CREATE INDEX "run_routineId_createdAt_idx" ON "run"("routineId", "createdAt");
CREATE INDEX "run_startedById_idx" ON "run"("startedById");
CREATE INDEX "run_parentRunId_idx" ON "run"("parentRunId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "toolkit_name_key" ON "toolkit"("name");

-- CreateIndex
CREATE UNIQUE INDEX "actor_profile_name_key" ON "actor_profile"("name");

-- CreateIndex
CREATE INDEX "actor_profile_toolkitId_idx" ON "actor_profile"("toolkitId");
