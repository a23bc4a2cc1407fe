-- CreateTable
CREATE TABLE "routine_embedding" (
    "versionId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "textHash" TEXT NOT NULL,
    "vector" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("versionId", "model"),
    CONSTRAINT "routine_embedding_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "routine_version" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
