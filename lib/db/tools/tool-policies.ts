import "server-only";
import { z } from "zod";
import { ADMIN_ROLES, requireRole, type Viewer } from "../../access";
import {
  readSideEffectsOverride,
  SIDE_EFFECTS,
  toolKey,
  toolSideEffects,
  type SideEffects,
  type ToolSideEffects,
} from "../../tools";
import { recordAudit } from "../audit";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import { readDefinition } from "./tool-hashes";

// Whether each tool changes data (issue #29): the tool's MCP annotations under the rule of lib/tools/side-effects.ts,
// or an admin's override kept in tool_policy by server and tool name (so it survives refreshes). Admins write;
// everyone signed in reads it on the Tools page; the run service and the evaluation pages read it unchecked.

const setInput = z.object({
  serverId: z.string().trim().min(1, "Missing the tool server.").max(100),
  toolName: z.string().trim().min(1, "Missing the tool.").max(200),
  /** null (or "annotations") clears the override: the tool's annotations decide again. */
  sideEffects: z
    .enum([...SIDE_EFFECTS, "annotations"], { error: "Choose read-only, changes data, or its annotations." })
    .nullable()
    .transform((value) => (value === "annotations" ? null : value)),
});

/**
 * Sets (or clears, with null) an admin's word on whether a tool changes data, over its annotations. Admins only;
 * NotFoundError when the server does not list the tool. Audited as tool.side_effects_set (with the annotations'
 * verdict beside the override) or tool.side_effects_cleared, in the same transaction. Returns the rule's verdict.
 */
export async function setToolSideEffects(
  viewer: Viewer | null,
  input: z.input<typeof setInput>,
): Promise<ToolSideEffects> {
  requireRole(viewer, ...ADMIN_ROLES);
  const { serverId, toolName, sideEffects } = parseInput(setInput, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const snapshot = await tx.toolSnapshot.findFirst({
        where: { serverId, toolName, current: true },
        select: { definition: true, server: { select: { name: true } } },
      });
      if (!snapshot) throw new NotFoundError(`The server does not list a tool named "${toolName}".`);
      const annotations = readDefinition(snapshot.definition).annotations;
      const before = await tx.toolPolicy.findUnique({ where: { serverId_toolName: { serverId, toolName } } });
      if (sideEffects === null) await tx.toolPolicy.deleteMany({ where: { serverId, toolName } });
      else
        await tx.toolPolicy.upsert({
          where: { serverId_toolName: { serverId, toolName } },
          create: { serverId, toolName, sideEffects, updatedById: viewer.id },
          update: { sideEffects, updatedById: viewer.id },
        });
      const verdict = toolSideEffects(annotations, sideEffects);
      await recordAudit(
        {
          action: sideEffects === null ? "tool.side_effects_cleared" : "tool.side_effects_set",
          actor: viewer,
          target: { type: "tool_server", id: serverId },
          detail: {
            server: snapshot.server.name,
            tool: toolName,
            sideEffects: verdict.sideEffects,
            before: readSideEffectsOverride(before?.sideEffects),
            annotations: toolSideEffects(annotations, null).sideEffects,
          },
        },
        tx,
      );
      return verdict;
    }),
  );
}

/** The overrides of one server's tools, by tool name. Internal: callers authorize. */
export async function readServerOverrides(serverId: string): Promise<Map<string, SideEffects>> {
  const rows = await prisma.toolPolicy.findMany({ where: { serverId }, select: { toolName: true, sideEffects: true } });
  return new Map(
    rows.flatMap((row) => {
      const override = readSideEffectsOverride(row.sideEffects);
      return override ? [[row.toolName, override] as const] : [];
    }),
  );
}

/** What the sandbox needs of one tool: whether it changes data, and its output schema to shape a stand-in. */
export type ToolCallPolicy = { effects: ToolSideEffects; outputSchema?: unknown };

/**
 * The rule's verdict for one tool of a server, read fresh (an admin's change applies to the next call): from its
 * current snapshot's annotations and any override. A tool the registry does not know counts as changing data.
 * Internal, no viewer: the run service calls it for every call of an evaluation run.
 */
export async function readToolCallPolicy(ref: { server: string; name: string }): Promise<ToolCallPolicy> {
  const server = await prisma.toolServer.findUnique({ where: { name: ref.server }, select: { id: true } });
  if (!server) return { effects: toolSideEffects(undefined, null) };
  const [snapshot, policy] = await Promise.all([
    prisma.toolSnapshot.findFirst({
      where: { serverId: server.id, toolName: ref.name, current: true },
      select: { definition: true },
    }),
    prisma.toolPolicy.findUnique({ where: { serverId_toolName: { serverId: server.id, toolName: ref.name } } }),
  ]);
  const definition = snapshot ? readDefinition(snapshot.definition) : null;
  return {
    effects: toolSideEffects(definition?.annotations, readSideEffectsOverride(policy?.sideEffects)),
    ...(definition?.outputSchema !== undefined ? { outputSchema: definition.outputSchema } : {}),
  };
}

/** The verdict for every current tool of enabled servers, keyed "server/tool". Internal: callers authorize. */
export async function readCatalogSideEffects(): Promise<Map<string, ToolSideEffects>> {
  const [snapshots, policies] = await Promise.all([
    prisma.toolSnapshot.findMany({
      where: { current: true, removedAt: null, server: { enabled: true } },
      select: { serverId: true, toolName: true, definition: true, server: { select: { name: true } } },
    }),
    prisma.toolPolicy.findMany({ select: { serverId: true, toolName: true, sideEffects: true } }),
  ]);
  const overrides = new Map(policies.map((row) => [`${row.serverId}\u0000${row.toolName}`, row.sideEffects]));
  return new Map(
    snapshots.map((row) => [
      toolKey({ server: row.server.name, name: row.toolName }),
      toolSideEffects(
        readDefinition(row.definition).annotations,
        readSideEffectsOverride(overrides.get(`${row.serverId}\u0000${row.toolName}`)),
      ),
    ]),
  );
}
