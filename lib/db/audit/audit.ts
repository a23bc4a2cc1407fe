import "server-only";
import { randomUUID } from "node:crypto";
import { prisma } from "../core";
import type { Prisma } from "../generated/prisma/client";

/** Every action the audit log knows; later issues add approvals and runs. Autosaves of drafts are not audited. */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "user.created",
  "user.invited",
  "user.roles_changed",
  "user.deactivated",
  "user.reactivated",
  "invitation.created",
  "invitation.accepted",
  "system.seeded",
  "routine.created",
  "routine.duplicated",
  "routine.archived",
  "routine.restored",
  "routine.tools_accepted",
  "routine.submitted",
  "routine.withdrawn",
  "routine.optimized",
  "routine.draft_started",
  "routine.published",
  "routine.rolled_back",
  "routine.publish_overridden",
  "routine.default_mode_set",
  "routine.drafted_from_run",
  "review.approved",
  "review.changes_requested",
  "review.rejected",
  "tool_server.created",
  "tool_server.updated",
  "tool_server.removed",
  "tool_server.enabled",
  "tool_server.disabled",
  "tool_server.refreshed",
  "tool.tried",
  "tool.side_effects_set",
  "tool.side_effects_cleared",
  "settings.llm_updated",
  "settings.memory_updated",
  "settings.publish_gate_updated",
  "settings.mcp_visibility_updated",
  "settings.context_updated",
  "settings.toolkit_created",
  "settings.toolkit_updated",
  "settings.toolkit_deleted",
  "settings.actor_created",
  "settings.actor_updated",
  "settings.actor_deleted",
  "api_token.created",
  "api_token.revoked",
  "run.started",
  "run.paused",
  "run.resumed",
  "run.cancelled",
  "run.step_retried",
  "run.step_rerun",
  "run.step_decided",
  "run.step_skipped",
  "run.stage_paused",
  "run.stage_cancelled",
  "run.stage_retried",
  "run.task_edited",
  "test_case.created",
  "test_case.updated",
  "test_case.deleted",
  "test_case.imported",
  "test_case.proposed",
  "test_case.kept",
  "eval_suite.created",
  "eval_suite.updated",
  "eval_suite.deleted",
  "eval_run.started",
  "eval_run.cancelled",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntryInput = {
  action: AuditAction;
  actor?: { id: string; email: string } | null;
  /** For events without a signed-in actor (a failed sign-in), the email that was tried. */
  actorEmail?: string;
  target?: {
    type:
      "user" | "invitation" | "routine" | "tool_server" | "setting" | "api_token" | "run" | "test_case" | "eval_suite";
    id: string;
  };
  detail?: Record<string, unknown>;
};

type Writer = Pick<Prisma.TransactionClient, "auditLog">;

/**
 * Records who did what. Pass the transaction client when the audited change is written in one,
 * so the entry and the change land together or not at all.
 */
export async function recordAudit(entry: AuditEntryInput, db: Writer = prisma): Promise<void> {
  await db.auditLog.create({
    data: {
      id: randomUUID(),
      action: entry.action,
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? entry.actorEmail ?? null,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    },
  });
}
