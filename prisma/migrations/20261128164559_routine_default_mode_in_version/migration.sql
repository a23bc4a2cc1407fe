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
    CONSTRAINT "routine_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_routine" ("archivedAt", "createdAt", "description", "id", "name", "ownerId", "publishedVersionId", "updatedAt") SELECT "archivedAt", "createdAt", "description", "id", "name", "ownerId", "publishedVersionId", "updatedAt" FROM "routine";
DROP TABLE "routine";
ALTER TABLE "new_routine" RENAME TO "routine";
CREATE INDEX "routine_updatedAt_idx" ON "routine"("updatedAt");
CREATE INDEX "routine_ownerId_idx" ON "routine"("ownerId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
