-- AlterTable
ALTER TABLE "routine" ADD COLUMN "publishedVersionId" TEXT;

-- CreateTable
CREATE TABLE "review" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "versionId" TEXT NOT NULL,
    "reviewerId" TEXT,
    "decision" TEXT NOT NULL,
    "comment" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "review_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "routine_version" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "review_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "review_comment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "versionId" TEXT NOT NULL,
    "authorId" TEXT,
    "stepId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" DATETIME,
    CONSTRAINT "review_comment_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "routine_version" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "review_comment_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "routine_publication" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routineId" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "publishedById" TEXT,
    "publishedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rollback" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "routine_publication_routineId_fkey" FOREIGN KEY ("routineId") REFERENCES "routine" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "routine_publication_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "routine_version" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "routine_publication_publishedById_fkey" FOREIGN KEY ("publishedById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "setting" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "updatedById" TEXT,
    CONSTRAINT "setting_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "llm_call" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "role" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "userId" TEXT,
    "routineId" TEXT,
    "versionId" TEXT,
    "runId" TEXT,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL,
    "error" TEXT,
    CONSTRAINT "llm_call_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_routine_version" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "routineId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "stepCount" INTEGER NOT NULL DEFAULT 0,
    "basedOnId" TEXT,
    "authorId" TEXT,
    "model" TEXT,
    "promptHash" TEXT,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "toolHashes" TEXT NOT NULL DEFAULT '{}',
    "optimizedById" TEXT,
    "repairCount" INTEGER,
    "sourceDraft" TEXT,
    "rationale" TEXT,
    "submittedAt" DATETIME,
    "approvedById" TEXT,
    "approvedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "routine_version_routineId_fkey" FOREIGN KEY ("routineId") REFERENCES "routine" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "routine_version_basedOnId_fkey" FOREIGN KEY ("basedOnId") REFERENCES "routine_version" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "routine_version_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "routine_version_optimizedById_fkey" FOREIGN KEY ("optimizedById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "routine_version_approvedById_fkey" FOREIGN KEY ("approvedById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_routine_version" ("authorId", "basedOnId", "content", "createdAt", "id", "inputTokens", "model", "number", "outputTokens", "promptHash", "revision", "routineId", "status", "stepCount", "toolHashes", "updatedAt") SELECT "authorId", "basedOnId", "content", "createdAt", "id", "inputTokens", "model", "number", "outputTokens", "promptHash", "revision", "routineId", "status", "stepCount", "toolHashes", "updatedAt" FROM "routine_version";
DROP TABLE "routine_version";
ALTER TABLE "new_routine_version" RENAME TO "routine_version";
CREATE INDEX "routine_version_basedOnId_idx" ON "routine_version"("basedOnId");
CREATE INDEX "routine_version_authorId_idx" ON "routine_version"("authorId");
CREATE UNIQUE INDEX "routine_version_routineId_number_key" ON "routine_version"("routineId", "number");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "review_versionId_idx" ON "review"("versionId");

-- CreateIndex
CREATE INDEX "review_comment_versionId_idx" ON "review_comment"("versionId");

-- CreateIndex
CREATE INDEX "routine_publication_routineId_publishedAt_idx" ON "routine_publication"("routineId", "publishedAt");

-- CreateIndex
CREATE INDEX "llm_call_at_idx" ON "llm_call"("at");

-- CreateIndex
CREATE INDEX "llm_call_routineId_idx" ON "llm_call"("routineId");

-- CreateIndex
CREATE INDEX "llm_call_runId_idx" ON "llm_call"("runId");
