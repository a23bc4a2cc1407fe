-- CreateTable
CREATE TABLE "version_editor" (
    "versionId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "via" TEXT NOT NULL,
    "firstAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("versionId", "userId"),
    CONSTRAINT "version_editor_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "routine_version" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "version_editor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "sign_in_failure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "version_editor_userId_idx" ON "version_editor"("userId");

-- CreateIndex
CREATE INDEX "sign_in_failure_scope_key_at_idx" ON "sign_in_failure"("scope", "key", "at");

-- CreateIndex
CREATE INDEX "sign_in_failure_at_idx" ON "sign_in_failure"("at");
