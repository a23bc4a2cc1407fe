import "server-only";
import type { ToolDefinition } from "../../routine";
import { toolKey, type ToolSnapshotDefinition } from "../../tools";
import { prisma } from "../core";
import type { Prisma } from "../generated/prisma/client";

// Reads of the current tool snapshots with no authorization of their own, for callers that authorize (the
// catalog, routine saves) and for the seed, which runs outside a request.

export const readDefinition = (stored: string) => JSON.parse(stored) as ToolSnapshotDefinition;

/** Current tools of enabled servers, as the designer and the validator know them. Internal: callers authorize. */
export async function readCatalogTools(): Promise<ToolDefinition[]> {
  const rows = await prisma.toolSnapshot.findMany({
    where: { current: true, removedAt: null, server: { enabled: true } },
    select: { toolName: true, definition: true, server: { select: { name: true } } },
  });
  return rows.map((row) => {
    const definition = readDefinition(row.definition);
    return {
      server: row.server.name,
      name: row.toolName,
      description: definition.description,
      inputSchema: (definition.inputSchema ?? { type: "object" }) as ToolDefinition["inputSchema"],
    };
  });
}

/** "server/tool" → current schema hash, for flagging routines whose pinned tools changed. Internal. */
export async function readCurrentToolHashes(
  db: Pick<Prisma.TransactionClient, "toolSnapshot"> = prisma,
): Promise<Map<string, string>> {
  const rows = await db.toolSnapshot.findMany({
    where: { current: true, removedAt: null, server: { enabled: true } },
    select: { toolName: true, hash: true, server: { select: { name: true } } },
  });
  return new Map(rows.map((row) => [toolKey({ server: row.server.name, name: row.toolName }), row.hash]));
}
