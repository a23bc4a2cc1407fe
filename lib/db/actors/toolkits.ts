import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, requireUser, type Viewer } from "../../access";
import type { ToolRef } from "../../routine";
import { toolKey } from "../../tools";
import { ConflictError, parseInput, prisma, ValidationError, withDbErrors } from "../core";
import { readCatalogTools } from "../tools";
import { recordIdSchema, toolkitInputSchema, type ToolkitInput } from "./actor-inputs";
import { parseToolkitTools, toToolkitView, type ToolkitView } from "./actor-records";
import { namedSettings } from "./named-settings";

const WITH_ACTORS = { actors: { select: { name: true } } } as const;

const toolkits = namedSettings({
  noun: "toolkit",
  opening: "A toolkit",
  listNames: (db) => db.toolkit.findMany({ select: { id: true, name: true } }),
});

/**
 * Refuses tools the live catalog does not list (current tools of enabled servers). Tools the toolkit already held are
 * let through: a server disabled for maintenance must not stop an admin from renaming the toolkit, and validation
 * flags routines whose tools are gone.
 */
async function assertToolsKnown(tools: ToolRef[], kept: ToolRef[] = []): Promise<void> {
  const known = new Set([...(await readCatalogTools()).map(toolKey), ...kept.map(toolKey)]);
  const unknown = tools.filter((tool) => !known.has(toolKey(tool))).map(toolKey);
  if (unknown.length === 0) return;
  const message = `${unknown.length === 1 ? "This tool is" : "These tools are"} not in the tool catalog: ${unknown.join(", ")}.`;
  throw new ValidationError(message, { tools: [message] });
}

/** Every toolkit, by name, with the actors using each. Any signed-in role: authors and operators read who may call what. */
export async function listToolkits(viewer: Viewer | null): Promise<ToolkitView[]> {
  requireUser(viewer);
  return withDbErrors(async () => {
    const rows = await prisma.toolkit.findMany({ include: WITH_ACTORS, orderBy: { name: "asc" } });
    return rows.map(toToolkitView);
  });
}

/**
 * Creates a toolkit: a named bundle of catalog tools (at most 200, each once, each in the live catalog). Admins only;
 * the row and its "settings.toolkit_created" audit entry land together. ConflictError for a name already taken.
 */
export async function createToolkit(viewer: Viewer | null, input: ToolkitInput): Promise<ToolkitView> {
  requireRole(viewer, "admin");
  const data = parseInput(toolkitInputSchema, input);
  return withDbErrors(async () => {
    await assertToolsKnown(data.tools);
    return toolkits.writeNamed(data.name, async (tx) => {
      await toolkits.assertNameFree(tx, data.name);
      const row = await tx.toolkit.create({
        data: { id: randomUUID(), name: data.name, description: data.description, tools: JSON.stringify(data.tools) },
        include: WITH_ACTORS,
      });
      await toolkits.audit(tx, viewer, "created", row.id, { name: data.name, tools: data.tools.map(toolKey) });
      return toToolkitView(row);
    });
  });
}

/** Replaces a toolkit's name, description and tools (same rules as creating). Admins only; audited with before and after. */
export async function updateToolkit(viewer: Viewer | null, id: string, input: ToolkitInput): Promise<ToolkitView> {
  requireRole(viewer, "admin");
  const key = parseInput(recordIdSchema, { id });
  const data = parseInput(toolkitInputSchema, input);
  return withDbErrors(async () => {
    const before = await prisma.toolkit.findUnique({ where: { id: key.id } });
    if (!before) throw toolkits.notFound();
    const previousTools = parseToolkitTools(before.tools, before.id);
    await assertToolsKnown(data.tools, previousTools);
    return toolkits.writeNamed(data.name, async (tx) => {
      await toolkits.assertNameFree(tx, data.name, key.id);
      const row = await tx.toolkit.update({
        where: { id: key.id },
        data: { name: data.name, description: data.description, tools: JSON.stringify(data.tools) },
        include: WITH_ACTORS,
      });
      await toolkits.audit(tx, viewer, "updated", key.id, {
        previous: { name: before.name, tools: previousTools.map(toolKey) },
        next: { name: data.name, tools: data.tools.map(toolKey) },
      });
      return toToolkitView(row);
    });
  });
}

/** Deletes a toolkit no actor uses (ConflictError naming the actors otherwise). Admins only; audited. */
export async function deleteToolkit(viewer: Viewer | null, id: string): Promise<void> {
  requireRole(viewer, "admin");
  const key = parseInput(recordIdSchema, { id });
  await toolkits.removeNamed(viewer, key.id, {
    read: (tx) => tx.toolkit.findUnique({ where: { id: key.id }, include: WITH_ACTORS }),
    refuse: (row) => {
      if (row.actors.length === 0) return;
      const names = row.actors.map((actor) => `"${actor.name}"`).join(", ");
      throw new ConflictError(
        `The toolkit "${row.name}" is used by ${names}. Give ${row.actors.length === 1 ? "that actor" : "those actors"} another toolkit first.`,
      );
    },
    remove: (tx) => tx.toolkit.delete({ where: { id: key.id } }),
  });
}
