import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, requireUser, type Viewer } from "../../access";
import { recordAudit } from "../audit";
import {
  ConflictError,
  isUniqueViolation,
  NotFoundError,
  parseInput,
  prisma,
  ValidationError,
  withDbErrors,
} from "../core";
import type { Prisma } from "../generated/prisma/client";
import { actorInputSchema, type ActorInput, recordIdSchema } from "./actor-inputs";
import { ACTOR_SELECT, toActorView, type ActorProfileView } from "./actor-records";

const takenName = (name: string) =>
  new ConflictError(`An actor named "${name}" already exists. Choose another name.`, "name");

/** Names compare without case, as toolkit names do. */
async function assertNameFree(db: Prisma.TransactionClient, name: string, exceptId?: string): Promise<void> {
  const rows = await db.actorProfile.findMany({ select: { id: true, name: true } });
  const lower = name.toLocaleLowerCase("en");
  if (rows.some((row) => row.id !== exceptId && row.name.toLocaleLowerCase("en") === lower)) throw takenName(name);
}

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
  return withDbErrors(async () => {
    try {
      return await prisma.$transaction(async (tx) => {
        await assertNameFree(tx, data.name);
        const toolkit = await assertToolkitExists(tx, data.toolkitId);
        const row = await tx.actorProfile.create({ data: { id: randomUUID(), ...data }, select: ACTOR_SELECT });
        await recordAudit(
          {
            action: "settings.actor_created",
            actor: viewer,
            target: { type: "setting", id: row.id },
            detail: { name: data.name, toolkit, model: data.model },
          },
          tx,
        );
        return toActorView(row);
      });
    } catch (error) {
      throw isUniqueViolation(error) ? takenName(data.name) : error;
    }
  });
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
  return withDbErrors(async () => {
    try {
      return await prisma.$transaction(async (tx) => {
        const before = await tx.actorProfile.findUnique({ where: { id: key.id }, select: ACTOR_SELECT });
        if (!before) throw new NotFoundError("This actor no longer exists.");
        await assertNameFree(tx, data.name, key.id);
        const toolkit = await assertToolkitExists(tx, data.toolkitId);
        const row = await tx.actorProfile.update({ where: { id: key.id }, data, select: ACTOR_SELECT });
        await recordAudit(
          {
            action: "settings.actor_updated",
            actor: viewer,
            target: { type: "setting", id: key.id },
            detail: {
              previous: { name: before.name, toolkit: before.toolkit.name, model: before.model },
              next: { name: data.name, toolkit, model: data.model },
              personaChanged: before.persona !== data.persona,
            },
          },
          tx,
        );
        return toActorView(row);
      });
    } catch (error) {
      throw isUniqueViolation(error) ? takenName(data.name) : error;
    }
  });
}

/**
 * Deletes an actor profile. Admins only; audited. Routines that name it keep the id: validation then reports the
 * unknown actor, so the author picks another before the next publish.
 */
export async function deleteActorProfile(viewer: Viewer | null, id: string): Promise<void> {
  requireRole(viewer, "admin");
  const key = parseInput(recordIdSchema, { id });
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const row = await tx.actorProfile.findUnique({ where: { id: key.id }, select: { name: true } });
      if (!row) throw new NotFoundError("This actor no longer exists.");
      await tx.actorProfile.delete({ where: { id: key.id } });
      await recordAudit(
        {
          action: "settings.actor_deleted",
          actor: viewer,
          target: { type: "setting", id: key.id },
          detail: { name: row.name },
        },
        tx,
      );
    }),
  );
}
