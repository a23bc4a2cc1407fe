-- CreateTable
CREATE TABLE "tool_server" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "transport" TEXT NOT NULL,
    "command" TEXT,
    "args" TEXT NOT NULL DEFAULT '[]',
    "envEncrypted" TEXT,
    "url" TEXT,
    "tokenEncrypted" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "builtIn" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'unknown',
    "lastError" TEXT,
    "lastRefreshAt" DATETIME,
    "toolCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "tool_snapshot" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "serverId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "current" BOOLEAN NOT NULL DEFAULT true,
    "removedAt" DATETIME,
    "takenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tool_snapshot_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "tool_server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "routine_version_routineId_fkey" FOREIGN KEY ("routineId") REFERENCES "routine" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "routine_version_basedOnId_fkey" FOREIGN KEY ("basedOnId") REFERENCES "routine_version" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "routine_version_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_routine_version" ("authorId", "basedOnId", "content", "createdAt", "id", "inputTokens", "model", "number", "outputTokens", "promptHash", "revision", "routineId", "status", "stepCount", "updatedAt") SELECT "authorId", "basedOnId", "content", "createdAt", "id", "inputTokens", "model", "number", "outputTokens", "promptHash", "revision", "routineId", "status", "stepCount", "updatedAt" FROM "routine_version";
DROP TABLE "routine_version";
ALTER TABLE "new_routine_version" RENAME TO "routine_version";
CREATE INDEX "routine_version_basedOnId_idx" ON "routine_version"("basedOnId");
CREATE INDEX "routine_version_authorId_idx" ON "routine_version"("authorId");
CREATE UNIQUE INDEX "routine_version_routineId_number_key" ON "routine_version"("routineId", "number");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "tool_server_name_key" ON "tool_server"("name");

-- CreateIndex
CREATE INDEX "tool_snapshot_serverId_current_idx" ON "tool_snapshot"("serverId", "current");

-- CreateIndex
CREATE UNIQUE INDEX "tool_snapshot_serverId_toolName_hash_key" ON "tool_snapshot"("serverId", "toolName", "hash");
