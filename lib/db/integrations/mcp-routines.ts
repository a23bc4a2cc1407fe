import "server-only";
import { z } from "zod";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import { exposeRoutines, type ExposedRoutine, type PublishedRoutineFacts } from "../../mcp-publishing";
import { recordAudit } from "../audit";
import { NotFoundError, parseInput, prisma, readJsonSetting, withDbErrors, writeJsonSetting } from "../core";
import { readStoredRoutine } from "../routines";
import { readCatalogSideEffects } from "../tools";

/** The `setting` row listing the routines an admin hid from MCP: `{"routineIds": [...]}`. */
export const MCP_HIDDEN_ROUTINES_KEY = "mcp.hidden_routines";

const hiddenSchema = z.object({ routineIds: z.array(z.string()).max(10_000) });
const UNREADABLE = `[mcp] the "${MCP_HIDDEN_ROUTINES_KEY}" setting is unreadable; no routine is hidden from MCP`;

type Reader = Parameters<typeof readJsonSetting>[3];
const readHidden = async (db?: Reader) =>
  new Set((await readJsonSetting(MCP_HIDDEN_ROUTINES_KEY, hiddenSchema, UNREADABLE, db))?.value.routineIds ?? []);

/**
 * Every published, unarchived routine with the version that runs. A version whose stored content cannot be read is
 * logged and left out: it could not run either.
 */
async function readPublished(): Promise<PublishedRoutineFacts[]> {
  const [rows, hidden] = await Promise.all([
    prisma.routine.findMany({
      where: { publishedVersionId: { not: null }, archivedAt: null },
      select: { id: true, createdAt: true, publishedVersionId: true },
    }),
    readHidden(),
  ]);
  const versions = await prisma.routineVersion.findMany({
    where: { id: { in: rows.map((row) => row.publishedVersionId!) } },
    select: { id: true, routineId: true, number: true, content: true },
  });
  const versionOf = new Map(versions.map((version) => [version.id, version]));
  return rows.flatMap((row) => {
    const version = versionOf.get(row.publishedVersionId!);
    if (!version) return [];
    try {
      const routine = readStoredRoutine(version.content);
      const facts = {
        routineId: row.id,
        versionId: version.id,
        versionNumber: version.number,
        createdAt: row.createdAt,
      };
      return [{ ...facts, routine, hidden: hidden.has(row.id) }];
    } catch (error) {
      const reason = error instanceof Error ? error.message : error;
      console.error(`[mcp] version ${version.id} of routine ${row.id} is left out of MCP:`, reason);
      return [];
    }
  });
}

async function readExposure(): Promise<ExposedRoutine[]> {
  const [published, effects] = await Promise.all([readPublished(), readCatalogSideEffects()]);
  const verdicts = new Map([...effects].map(([key, verdict]) => [key, verdict.sideEffects]));
  return exposeRoutines(published, verdicts);
}

/**
 * The routines the MCP endpoint offers `viewer` as tools: published, not archived, not hidden by an admin, with
 * inputs that make a schema. Operators and admins, who may run them; anyone else is refused (ForbiddenError).
 */
export async function listMcpTools(viewer: Viewer | null): Promise<ExposedRoutine[]> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  return withDbErrors(async () => (await readExposure()).filter((entry) => entry.tool && !entry.hidden));
}

/** Every published routine as the Integrations page shows it: offered, hidden, or left out and why. Admins only. */
export async function getMcpExposure(viewer: Viewer | null): Promise<ExposedRoutine[]> {
  requireRole(viewer, "admin");
  return withDbErrors(readExposure);
}

const visibilityInput = z.object({
  routineId: z.string({ error: "Give the routine id." }).trim().min(1, "Give the routine id.").max(100),
  hidden: z.boolean({ error: "Say whether to hide the routine." }),
});

/**
 * Hides a routine from MCP clients or shows it again, from their next `tools/list` (connected clients are told the
 * list changed). Admins only; the routine must exist; the setting and its audit entry
 * ("settings.mcp_visibility_updated") land together or not at all.
 */
export async function setRoutineMcpHidden(
  viewer: Viewer | null,
  input: { routineId: string; hidden: boolean },
): Promise<{ hidden: boolean; changed: boolean }> {
  requireRole(viewer, "admin");
  const { routineId, hidden } = parseInput(visibilityInput, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const routine = await tx.routine.findUnique({ where: { id: routineId }, select: { name: true } });
      if (!routine) throw new NotFoundError("That routine does not exist.");
      const ids = await readHidden(tx);
      const changed = ids.has(routineId) !== hidden;
      if (hidden) ids.add(routineId);
      else ids.delete(routineId);
      await writeJsonSetting(tx, MCP_HIDDEN_ROUTINES_KEY, { routineIds: [...ids].sort() }, viewer.id);
      await recordAudit(
        {
          action: "settings.mcp_visibility_updated",
          actor: viewer,
          target: { type: "routine", id: routineId },
          detail: { routineName: routine.name, hidden },
        },
        tx,
      );
      return { hidden, changed };
    }),
  );
}

/**
 * What the tool lists depend on, in one short text: each published routine's version and the hidden list. The
 * endpoint compares it between polls to tell connected clients their list changed (publish, rollback, archive,
 * hide), whichever process made the change. Server-internal.
 */
export async function mcpCatalogFingerprint(): Promise<string> {
  const [rows, setting] = await Promise.all([
    prisma.routine.findMany({
      where: { publishedVersionId: { not: null }, archivedAt: null },
      select: { id: true, publishedVersionId: true },
      orderBy: { id: "asc" },
    }),
    prisma.setting.findUnique({ where: { key: MCP_HIDDEN_ROUTINES_KEY }, select: { value: true } }),
  ]);
  return `${rows.map((row) => `${row.id}:${row.publishedVersionId}`).join(",")}|${setting?.value ?? ""}`;
}
