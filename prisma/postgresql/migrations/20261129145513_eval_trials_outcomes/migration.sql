-- DropIndex
DROP INDEX "eval_result_evalRunId_caseId_configIndex_key";

-- AlterTable
ALTER TABLE "test_case" ADD COLUMN     "strict" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "eval_suite" ADD COLUMN     "trials" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "eval_run" ADD COLUMN     "trials" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "eval_result" ADD COLUMN     "outcome" TEXT,
ADD COLUMN     "trial" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "eval_result_evalRunId_caseId_configIndex_trial_key" ON "eval_result"("evalRunId", "caseId", "configIndex", "trial");
