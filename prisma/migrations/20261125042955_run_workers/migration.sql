-- CreateTable
CREATE TABLE "run_worker" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "runIds" TEXT NOT NULL DEFAULT '[]',
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" DATETIME NOT NULL,
    "stoppedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "run_worker_heartbeatAt_idx" ON "run_worker"("heartbeatAt");
