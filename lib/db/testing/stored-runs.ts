import { randomUUID } from "node:crypto";
import { prisma } from "../core";
import type { Prisma } from "../generated/prisma/client";

/** An event as the engine stores it, before it is numbered. */
export type StoredEvent = { type: string; data: unknown };

/**
 * Writes a run and its numbered events straight to the database, as the engine would have left them, for tests of
 * readers (the training export, evaluations) that need finished runs of a given shape. Returns the run's id.
 */
export async function insertStoredRun(
  fields: Omit<Prisma.RunUncheckedCreateInput, "id"> & { id?: string },
  events: StoredEvent[],
): Promise<string> {
  const id = fields.id ?? randomUUID();
  await prisma.run.create({ data: { ...fields, id } });
  await prisma.runEvent.createMany({
    data: events.map((event, index) => ({
      id: randomUUID(),
      runId: id,
      seq: index + 1,
      type: event.type,
      payload: JSON.stringify(event.data),
    })),
  });
  return id;
}

/** The step-run reference of a stored event: step run `${runId}-${stepId}`, first iteration. */
export const stepRef = (runId: string, stepId: string) => ({ stepRunId: `${runId}-${stepId}`, stepId, iteration: 1 });
