-- AlterTable
ALTER TABLE "review" ADD COLUMN     "contentHash" TEXT;

-- AlterTable
ALTER TABLE "step_run" ADD COLUMN     "approval" TEXT;

-- AlterTable
ALTER TABLE "api_token" ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "scopes" TEXT NOT NULL DEFAULT '["runs:read","runs:start"]';

-- AlterTable
ALTER TABLE "test_case" ADD COLUMN     "deletedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "eval_suite" ADD COLUMN     "deletedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "eval_result" ADD COLUMN     "contentHash" TEXT;

-- CreateTable
CREATE TABLE "tool_policy" (
    "serverId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "sideEffects" TEXT NOT NULL,
    "updatedById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tool_policy_pkey" PRIMARY KEY ("serverId","toolName")
);

-- AddForeignKey
ALTER TABLE "tool_policy" ADD CONSTRAINT "tool_policy_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "tool_server"("id") ON DELETE CASCADE ON UPDATE CASCADE;
