import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, requireUser, type Viewer } from "../../access";
import { parseInput, prisma, ValidationError, withDbErrors } from "../core";
import type { Prisma } from "../generated/prisma/client";
import { actorInputSchema, type ActorInput, recordIdSchema } from "./actor-inputs";
import { ACTOR_SELECT, toActorView, type ActorProfileView } from "./actor-records";
import { namedSettings } from "./named-settings";

const actors = namedSettings({
  noun: "actor",
  opening: "An actor",
  listNames: (db) => db.actorProfile.findMany({ select: { id: true, name: true } }),
});

async function assertToolkitExists(db: Prisma.TransactionClient, toolkitId: string): Promise<string> {
  const toolkit = await db.toolkit.findUnique({ where: { id: toolkitId }, select: { name: true } });
  if (!toolkit) {
    const message = "This toolkit no longer exists. Choose another.";
    throw new ValidationError(message, { toolkitId: [message] });
  }
  return toolkit.name;
}

/**
 * Every actor profile, by name, with its toolkit's tools. Any signed-in role: authors pick an actor in the designer,
 * operators see who works a task.
 */
export async function listActorProfiles(viewer: Viewer | null): Promise<ActorProfileView[]> {
  requireUser(viewer);
  return withDbErrors(async () => {
    const rows = await prisma.actorProfile.findMany({ select: ACTOR_SELECT, orderBy: { name: "asc" } });
    return rows.map(toActorView);
  });
}

/**
 * Creates an actor profile: a persona for the executor's prompt, the toolkit it may call, and the executor model it
 * runs on (empty: the configured one). Admins only; audited ("settings.actor_created"). ConflictError for a taken name.
 */
export async function createActorProfile(viewer: Viewer | null, input: ActorInput): Promise<ActorProfileView> {
  requireRole(viewer, "admin");
  const data = parseInput(actorInputSchema, input);
  return withDbErrors(() =>
    actors.writeNamed(data.name, async (tx) => {
      await actors.assertNameFree(tx, data.name);
      const toolkit = await assertToolkitExists(tx, data.toolkitId);
      const row = await tx.actorProfile.create({ data: { id: randomUUID(), ...data }, select: ACTOR_SELECT });
      await actors.audit(tx, viewer, "created", row.id, { name: data.name, toolkit, model: data.model });
      return toActorView(row);
    }),
  );
}

/** Replaces an actor profile's fields (same rules as creating). Admins only; audited with before and after. */
export async function updateActorProfile(
  viewer: Viewer | null,
  id: string,
  input: ActorInput,
): Promise<ActorProfileView> {
  requireRole(viewer, "admin");
  const key = parseInput(recordIdSchema, { id });
  const data = parseInput(actorInputSchema, input);
  return withDbErrors(() =>
    actors.writeNamed(data.name, async (tx) => {
      const before = await tx.actorProfile.findUnique({ where: { id: key.id }, select: ACTOR_SELECT });
      if (!before) throw actors.notFound();
      await actors.assertNameFree(tx, data.name, key.id);
      const toolkit = await assertToolkitExists(tx, data.toolkitId);
      const row = await tx.actorProfile.update({ where: { id: key.id }, data, select: ACTOR_SELECT });
      await actors.audit(tx, viewer, "updated", key.id, {
        previous: { name: before.name, toolkit: before.toolkit.name, model: before.model },
        next: { name: data.name, toolkit, model: data.model },
        personaChanged: before.persona !== data.persona,
      });
      return toActorView(row);
    }),
  );
}

/**
 * Deletes an actor profile. Admins only; audited. Routines that name it keep the id: validation then reports the
 * unknown actor, so the author picks another before the next publish.
 */
export async function deleteActorProfile(viewer: Viewer | null, id: string): Promise<void> {
  requireRole(viewer, "admin");
  const key = parseInput(recordIdSchema, { id });
  await actors.removeNamed(viewer, key.id, {
    read: (tx) => tx.actorProfile.findUnique({ where: { id: key.id }, select: { name: true } }),
    remove: (tx) => tx.actorProfile.delete({ where: { id: key.id } }),
  });
}
