-- AlterTable
ALTER TABLE "routine" DROP COLUMN "defaultMode";
