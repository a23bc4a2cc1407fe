-- AlterTable
ALTER TABLE "run" ADD COLUMN     "traceContext" TEXT;
