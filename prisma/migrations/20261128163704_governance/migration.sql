-- AlterTable
ALTER TABLE "review" ADD COLUMN "contentHash" TEXT;

-- AlterTable
ALTER TABLE "step_run" ADD COLUMN "approval" TEXT;

-- AlterTable
ALTER TABLE "test_case" ADD COLUMN "deletedAt" DATETIME;

-- AlterTable
ALTER TABLE "eval_suite" ADD COLUMN "deletedAt" DATETIME;

-- AlterTable
ALTER TABLE "eval_result" ADD COLUMN "contentHash" TEXT;

-- CreateTable
CREATE TABLE "tool_policy" (
    "serverId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "sideEffects" TEXT NOT NULL,
    "updatedById" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("serverId", "toolName"),
    CONSTRAINT "tool_policy_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "tool_server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_api_token" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT '["runs:read","runs:start"]',
    "expiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "api_token_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_api_token" ("createdAt", "id", "lastUsedAt", "name", "prefix", "revokedAt", "tokenHash", "userId") SELECT "createdAt", "id", "lastUsedAt", "name", "prefix", "revokedAt", "tokenHash", "userId" FROM "api_token";
DROP TABLE "api_token";
ALTER TABLE "new_api_token" RENAME TO "api_token";
CREATE UNIQUE INDEX "api_token_tokenHash_key" ON "api_token"("tokenHash");
CREATE INDEX "api_token_userId_idx" ON "api_token"("userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
