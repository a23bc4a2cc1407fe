-- AlterTable
ALTER TABLE "step_run" ADD COLUMN     "ordinal" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "step_run_runId_ordinal_idx" ON "step_run"("runId", "ordinal");
