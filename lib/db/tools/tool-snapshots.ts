import "server-only";
import { randomUUID } from "node:crypto";
import { type GatewayTool, sharedToolGateway } from "../../tool-gateway";
import type { ToolSnapshotDefinition } from "../../tools";
import { toolDefinitionHash } from "./definition-hash";
import { prisma } from "../core";
import type { Prisma, ToolServer } from "../generated/prisma/client";
import { toGatewayConfig } from "./tool-server-records";

type Tx = Prisma.TransactionClient;

/** What a refresh found: how many tools, which were added, changed or removed since the last one. */
export type RefreshOutcome =
  { ok: true; toolCount: number; added: string[]; changed: string[]; removed: string[] } | { ok: false; error: string };

/** The stored definition of a tool (the pinned fields of its snapshot). */
export function definitionOf(tool: GatewayTool): ToolSnapshotDefinition {
  return {
    title: tool.title,
    description: tool.description ?? "",
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: tool.annotations,
    ...(tool.schemaError ? { schemaError: tool.schemaError } : {}),
  };
}

/**
 * Brings a server's snapshots in line with the tools it listed: a new row for a new tool or a changed
 * hash (the old row stops being current), `removedAt` on tools it no longer lists. Unchanged tools keep
 * their row, so `takenAt` says since when a schema has been as it is.
 */
async function syncSnapshots(tx: Tx, serverId: string, tools: readonly GatewayTool[], now: Date) {
  const existing = await tx.toolSnapshot.findMany({
    where: { serverId, current: true },
    select: { id: true, toolName: true, hash: true, removedAt: true },
  });
  const byName = new Map(existing.map((row) => [row.toolName, row]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const tool of tools) {
    const definition = definitionOf(tool);
    const hash = toolDefinitionHash(definition);
    const previous = byName.get(tool.name);
    byName.delete(tool.name);
    if (previous?.hash === hash && !previous.removedAt) continue;
    if (previous) await tx.toolSnapshot.update({ where: { id: previous.id }, data: { current: false } });
    if (previous && previous.hash !== hash) changed.push(tool.name);
    if (!previous) added.push(tool.name);
    // A tool that returns with a schema it had before gets that row back rather than a duplicate.
    await tx.toolSnapshot.upsert({
      where: { serverId_toolName_hash: { serverId, toolName: tool.name, hash } },
      create: {
        id: randomUUID(),
        serverId,
        toolName: tool.name,
        hash,
        definition: JSON.stringify(definition),
        takenAt: now,
      },
      update: { current: true, removedAt: null, takenAt: now },
    });
  }
  const removed = [...byName.values()].filter((row) => !row.removedAt);
  for (const row of removed) await tx.toolSnapshot.update({ where: { id: row.id }, data: { removedAt: now } });
  return { added, changed, removed: removed.map((row) => row.toolName) };
}

/**
 * Lists a server's tools through the gateway and records them. Internal: callers authorize. A failure
 * leaves the snapshots as they were (the catalog keeps the last known tools) and records the error.
 */
export async function refreshServerTools(server: ToolServer): Promise<RefreshOutcome> {
  const now = new Date();
  let tools: GatewayTool[];
  try {
    const gateway = sharedToolGateway();
    gateway.invalidate(server.id);
    tools = await gateway.listTools(toGatewayConfig(server));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await prisma.toolServer.update({
      where: { id: server.id },
      data: { status: "error", lastError: message.slice(0, 2000), lastRefreshAt: now },
    });
    return { ok: false, error: message };
  }
  const result = await prisma.$transaction(async (tx) => {
    const sync = await syncSnapshots(tx, server.id, tools, now);
    await tx.toolServer.update({
      where: { id: server.id },
      data: { status: "connected", lastError: null, lastRefreshAt: now, toolCount: tools.length },
    });
    return sync;
  });
  return { ok: true, toolCount: tools.length, ...result };
}
