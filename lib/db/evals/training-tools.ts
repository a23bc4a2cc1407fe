import "server-only";
import type { ToolDefinition } from "../../routine";
import { toolKey, type ToolPins } from "../../tools";
import { readDefinition } from "../tools";
import { prisma, withDbErrors } from "../core";

/** One stored definition of a tool, as the registry took it. */
type Snapshot = { hash: string; takenAt: number; definition: ToolDefinition };

/** The definition a run's tool had, or null when the registry holds none. */
export type DefinitionOf = (tool: { server: string; name: string }) => ToolDefinition | null;

/**
 * The tool registry's snapshots, every definition each tool has had (the registry keeps one row per tool and hash),
 * read once per export. A run's tool is then described as the run saw it: the snapshot its version pinned, else,
 * for a tool it called outside its routine (a planned run, an evaluation's baseline), the one the registry held
 * when the run started.
 */
export async function readToolHistory(): Promise<(run: { createdAt: Date; pins: ToolPins }) => DefinitionOf> {
  const rows = await withDbErrors(() =>
    prisma.toolSnapshot.findMany({
      orderBy: { takenAt: "asc" },
      select: { toolName: true, definition: true, hash: true, takenAt: true, server: { select: { name: true } } },
    }),
  );
  const history = new Map<string, Snapshot[]>();
  for (const row of rows) {
    let stored: ReturnType<typeof readDefinition>;
    try {
      stored = readDefinition(row.definition);
    } catch {
      continue; // An unreadable snapshot is as good as none: the tool gets the missing-definition note.
    }
    const key = toolKey({ server: row.server.name, name: row.toolName });
    const snapshot: Snapshot = {
      hash: row.hash,
      takenAt: row.takenAt.getTime(),
      definition: {
        server: row.server.name,
        name: row.toolName,
        description: stored.description ?? "",
        inputSchema: (stored.inputSchema ?? { type: "object" }) as ToolDefinition["inputSchema"],
      },
    };
    history.set(key, [...(history.get(key) ?? []), snapshot]);
  }
  return (run) => (tool) => {
    const snapshots = history.get(toolKey(tool));
    if (!snapshots) return null;
    const pinned = run.pins[toolKey(tool)];
    const byPin = pinned ? snapshots.find((snapshot) => snapshot.hash === pinned) : undefined;
    if (byPin) return byPin.definition;
    const started = run.createdAt.getTime();
    const before = snapshots.filter((snapshot) => snapshot.takenAt <= started);
    // Taken after the run started only when the tool was registered during the run: the first is what it met.
    return (before[before.length - 1] ?? snapshots[0]!).definition;
  };
}
