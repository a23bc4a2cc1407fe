-- CreateTable
CREATE TABLE "stream_slot" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "processId" TEXT NOT NULL,
    "openedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "stream_slot_userId_idx" ON "stream_slot"("userId");
