-- CreateTable
CREATE TABLE "routine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "ownerId" TEXT NOT NULL,
    "archivedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "routine_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "routine_version" (
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "routine_version_routineId_fkey" FOREIGN KEY ("routineId") REFERENCES "routine" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "routine_version_basedOnId_fkey" FOREIGN KEY ("basedOnId") REFERENCES "routine_version" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "routine_version_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "routine_updatedAt_idx" ON "routine"("updatedAt");

-- CreateIndex
CREATE INDEX "routine_ownerId_idx" ON "routine"("ownerId");

-- CreateIndex
CREATE INDEX "routine_version_basedOnId_idx" ON "routine_version"("basedOnId");

-- CreateIndex
CREATE INDEX "routine_version_authorId_idx" ON "routine_version"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "routine_version_routineId_number_key" ON "routine_version"("routineId", "number");
