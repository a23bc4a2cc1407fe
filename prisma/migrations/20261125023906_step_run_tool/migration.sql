-- AlterTable
ALTER TABLE "step_run" ADD COLUMN "tool" TEXT;
