import "server-only";
import { z } from "zod";
import { toolRefSchema, type ToolRef } from "../../routine";
import type { ActorProfile } from "../../runs/engine";
import { prisma } from "../core";

/** A toolkit as the settings page shows it, with the actors that use it (it cannot be deleted while any do). */
export type ToolkitView = {
  id: string;
  name: string;
  description: string;
  tools: ToolRef[];
  usedBy: string[];
  updatedAt: Date;
};

/** An actor profile as the settings page and the designer show it. */
export type ActorProfileView = {
  id: string;
  name: string;
  persona: string;
  /** Null: the configured executor model. */
  model: string | null;
  toolkit: { id: string; name: string; tools: ToolRef[] };
  updatedAt: Date;
};

const storedTools = z.array(toolRefSchema);

/**
 * A toolkit's stored `tools` JSON. Unreadable JSON reads as no tools, loudly: an actor then may call nothing, which
 * fails safe, where guessing would hand it tools nobody chose.
 */
export function parseToolkitTools(stored: string, toolkitId: string): ToolRef[] {
  try {
    const parsed = storedTools.safeParse(JSON.parse(stored));
    if (parsed.success) return parsed.data;
  } catch {
    // Reported below.
  }
  console.error(`[actors] the tools of toolkit ${toolkitId} are unreadable; it is treated as having none`);
  return [];
}

type ToolkitRow = { id: string; name: string; description: string; tools: string; updatedAt: Date };
type ActorRow = {
  id: string;
  name: string;
  persona: string;
  model: string | null;
  updatedAt: Date;
  toolkit: Pick<ToolkitRow, "id" | "name" | "tools">;
};

export const toToolkitView = (row: ToolkitRow & { actors: { name: string }[] }): ToolkitView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  tools: parseToolkitTools(row.tools, row.id),
  usedBy: row.actors.map((actor) => actor.name).sort((a, b) => a.localeCompare(b, "en")),
  updatedAt: row.updatedAt,
});

export const toActorView = (row: ActorRow): ActorProfileView => ({
  id: row.id,
  name: row.name,
  persona: row.persona,
  model: row.model,
  toolkit: { id: row.toolkit.id, name: row.toolkit.name, tools: parseToolkitTools(row.toolkit.tools, row.toolkit.id) },
  updatedAt: row.updatedAt,
});

export const ACTOR_SELECT = {
  id: true,
  name: true,
  persona: true,
  model: true,
  updatedAt: true,
  toolkit: { select: { id: true, name: true, tools: true } },
} as const;

/**
 * Every actor profile with its toolkit's tools, by name. No viewer and no role check: this is the run engine's own
 * read (the ActorPort of planned runs, the actor of a routine run), made outside any request. Never hand it to a page.
 */
export async function readActorProfiles(): Promise<ActorProfile[]> {
  const rows = await prisma.actorProfile.findMany({ select: ACTOR_SELECT, orderBy: { name: "asc" } });
  return rows.map((row) => {
    const view = toActorView(row);
    return { id: view.id, name: view.name, persona: view.persona, model: view.model, toolkit: view.toolkit };
  });
}
