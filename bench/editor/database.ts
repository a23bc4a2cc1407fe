import { randomUUID } from "node:crypto";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../../lib/db/generated/prisma/client";
import type { Routine } from "../../lib/routine";

/**
 * Stores `routine` as a draft owned by the user with `ownerEmail`, the way lib/db/routines/routine-writes.ts
 * createRoutine does (a routine row and its first version), minus the session check and the audit entry.
 */
export async function insertRoutine(dbPath: string, routine: Routine, ownerEmail: string): Promise<void> {
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: dbPath }) });
  try {
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: ownerEmail }, select: { id: true } });
    await prisma.$transaction([
      prisma.routine.create({
        data: { id: routine.id, name: routine.name, description: routine.description, ownerId: owner.id },
      }),
      prisma.routineVersion.create({
        data: {
          id: randomUUID(),
          routineId: routine.id,
          number: 1,
          status: "draft",
          content: JSON.stringify(routine),
          stepCount: routine.steps.length,
          authorId: owner.id,
        },
      }),
    ]);
  } finally {
    await prisma.$disconnect();
  }
}
