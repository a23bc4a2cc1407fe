-- CreateTable
CREATE TABLE "stream_slot" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "processId" TEXT NOT NULL,
    "openedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "stream_slot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stream_slot_userId_idx" ON "stream_slot"("userId");
