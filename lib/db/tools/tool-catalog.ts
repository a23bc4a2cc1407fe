import "server-only";
import { z } from "zod";
import { ForbiddenError, hasAnyRole, requireRole, requireUser, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import { keyedDigest } from "../../crypto";
import {
  canonicalJson,
  declaresReadOnly,
  readSideEffectsOverride,
  toolSideEffects,
  type ToolCatalog,
  type ToolSideEffects,
  type ToolSnapshotDefinition,
} from "../../tools";
import { sharedToolGateway, type ToolCallResult } from "../../tool-gateway";
import { recordAudit } from "../audit";
import { ConflictError, NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import { readCatalogTools, readDefinition } from "./tool-hashes";
import { toGatewayConfig, type ToolServerSummary, toSummary } from "./tool-server-records";
import { readServerOverrides } from "./tool-policies";

/** A tool as the Tools page shows it: its pinned definition, its hash, and since when it has been so. */
export type ToolView = ToolSnapshotDefinition & {
  name: string;
  hash: string;
  since: Date;
  /** When the tool's schema last changed (null: unchanged since it was first seen). */
  changedAt: Date | null;
  removedAt: Date | null;
  /** Whether it changes data, and why (its annotations or an admin's override): lib/tools/side-effects.ts. */
  sideEffects: ToolSideEffects;
};

/** One server with its current tools (removed ones last). Any signed-in user. */
export async function getToolServer(
  viewer: Viewer | null,
  serverId: string,
): Promise<{ server: ToolServerSummary; tools: ToolView[] }> {
  requireUser(viewer);
  const { id } = parseInput(z.object({ id: z.string().min(1).max(100) }), { id: serverId });
  return withDbErrors(async () => {
    const row = await prisma.toolServer.findUnique({ where: { id } });
    if (!row) throw new NotFoundError("That tool server no longer exists.");
    const snapshots = await prisma.toolSnapshot.findMany({ where: { serverId: id }, orderBy: { takenAt: "asc" } });
    const overrides = await readServerOverrides(id);
    const history = new Map<string, number>();
    for (const snapshot of snapshots) history.set(snapshot.toolName, (history.get(snapshot.toolName) ?? 0) + 1);
    const tools = snapshots
      .filter((snapshot) => snapshot.current)
      .map((snapshot) => {
        const definition = readDefinition(snapshot.definition);
        return {
          ...definition,
          name: snapshot.toolName,
          hash: snapshot.hash,
          since: snapshot.takenAt,
          changedAt: (history.get(snapshot.toolName) ?? 0) > 1 ? snapshot.takenAt : null,
          removedAt: snapshot.removedAt,
          sideEffects: toolSideEffects(definition.annotations, overrides.get(snapshot.toolName)),
        };
      })
      .sort(
        (a, b) => Number(a.removedAt !== null) - Number(b.removedAt !== null) || a.name.localeCompare(b.name, "en"),
      );
    return { server: toSummary(row), tools };
  });
}

/** The registry's tools as `viewer` may read them, as a ToolCatalog (the designer palette's source). Any signed-in user. */
export function registryToolCatalog(viewer: Viewer | null): ToolCatalog {
  return {
    async listTools() {
      requireUser(viewer);
      return withDbErrors(readCatalogTools);
    },
  };
}

const tryToolInput = z.object({
  serverId: z.string().min(1).max(100),
  toolName: z.string().min(1).max(200),
  arguments: z.record(z.string(), z.unknown()),
});

/** The longest try-it call; a routine step sets its own timeout. */
const TRY_TIMEOUT_MS = 30_000;

const notReadOnly = (toolName: string, effects?: ToolSideEffects) =>
  new ForbiddenError(
    ["admin"],
    effects?.basis === "admin"
      ? `Operators may try only read-only tools, and an admin marked "${toolName}" as changing data. An admin can try it, or a reviewed routine can call it.`
      : `Operators may try only tools that declare themselves read-only, and "${toolName}" does not. An admin can try it, or a reviewed routine can call it.`,
  );

/**
 * Calls a tool once from the Tools page ("try it"), outside any reviewed routine. Admins may call any tool;
 * operators only read-only ones by the one rule of lib/tools/side-effects.ts (the evaluation sandbox's): an admin's
 * "read-only" override, or, without one, `readOnlyHint: true` both in the snapshot the page showed and in the list
 * the server gives now (a server that dropped the hint since is refused before the call). Arguments are checked
 * against the tool's schema before anything is sent. The audit entry records the tool, the argument names and a
 * keyed digest of the arguments (to match a later report against it), never their values or the output: both may
 * hold personal data.
 */
export async function tryTool(viewer: Viewer | null, input: z.input<typeof tryToolInput>): Promise<ToolCallResult> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { serverId, toolName, arguments: args } = parseInput(tryToolInput, input);
  const server = await withDbErrors(() => prisma.toolServer.findUnique({ where: { id: serverId } }));
  if (!server) throw new NotFoundError("That tool server no longer exists.");
  if (!server.enabled) throw new ConflictError(`The server "${server.name}" is disabled; enable it to call its tools.`);
  const admin = hasAnyRole(viewer.roles, ["admin"]);
  let effects: ToolSideEffects | null = null;
  if (!admin) {
    const [snapshot, policy] = await withDbErrors(() =>
      Promise.all([
        prisma.toolSnapshot.findFirst({ where: { serverId, toolName, current: true, removedAt: null } }),
        prisma.toolPolicy.findUnique({ where: { serverId_toolName: { serverId, toolName } } }),
      ]),
    );
    if (!snapshot) throw notReadOnly(toolName);
    effects = toolSideEffects(
      readDefinition(snapshot.definition).annotations,
      readSideEffectsOverride(policy?.sideEffects),
    );
    if (effects.sideEffects !== "read_only") throw notReadOnly(toolName, effects);
  }
  const gateway = sharedToolGateway();
  const config = toGatewayConfig(server);
  // Read-only by its annotations: the server must still say so now (one that dropped the hint since the snapshot is
  // refused before the call). An admin's "read-only" stands on its own: the admin vouched for the tool by name.
  if (effects?.basis === "annotation") {
    const live = (await gateway.listTools(config, { timeoutMs: TRY_TIMEOUT_MS })).find((t) => t.name === toolName);
    if (!declaresReadOnly(live?.annotations)) throw notReadOnly(toolName);
  }
  const result = await gateway.callTool(config, toolName, args, { timeoutMs: TRY_TIMEOUT_MS });
  await recordAudit({
    action: "tool.tried",
    actor: viewer,
    target: { type: "tool_server", id: serverId },
    detail: {
      server: server.name,
      tool: toolName,
      arguments: Object.keys(args),
      argumentsDigest: keyedDigest(canonicalJson(args)),
      isError: result.isError,
    },
  });
  return result;
}
