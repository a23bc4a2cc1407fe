import "server-only";
import { z } from "zod";
import { type Viewer, requireRole } from "../../access";
import { AUDIT_ACTIONS } from "./audit";
import { parseInput, prisma, withDbErrors } from "../core";

export type AuditEntry = {
  id: string;
  at: Date;
  action: string;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  detail: Record<string, unknown> | null;
};

const listAuditLogInput = z.object({
  limit: z.number().int().min(1).max(200).default(50),
  action: z.enum(AUDIT_ACTIONS).optional(),
});

/** The newest audit entries first. Admins only. */
export async function listAuditLog(
  viewer: Viewer | null,
  input: z.input<typeof listAuditLogInput> = {},
): Promise<AuditEntry[]> {
  requireRole(viewer, "admin");
  const { limit, action } = parseInput(listAuditLogInput, input);
  return withDbErrors(async () => {
    const rows = await prisma.auditLog.findMany({
      where: action ? { action } : undefined,
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: limit,
    });
    const idsOf = (type: string) =>
      rows.filter((row) => row.targetType === type && row.targetId).map((row) => row.targetId!);
    const users = await prisma.user.findMany({
      where: { id: { in: idsOf("user") } },
      select: { id: true, email: true },
    });
    const routines = await prisma.routine.findMany({
      where: { id: { in: idsOf("routine") } },
      select: { id: true, name: true },
    });
    const servers = await prisma.toolServer.findMany({
      where: { id: { in: idsOf("tool_server") } },
      select: { id: true, name: true },
    });
    const labelById = new Map([
      ...users.map((user) => [user.id, user.email] as const),
      ...routines.map((routine) => [routine.id, routine.name] as const),
      ...servers.map((server) => [server.id, server.name] as const),
    ]);
    return rows.map((row) => ({
      id: row.id,
      at: row.at,
      action: row.action,
      actorEmail: row.actorEmail,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: row.targetId ? (labelById.get(row.targetId) ?? null) : null,
      detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
    }));
  });
}
