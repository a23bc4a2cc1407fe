import { signInAs } from "../../../test/request-context";
import { prisma } from "../core";
import { DEMO_USERS } from "../../demo/seed";

export { makeHugeRoutine, makeRoutine, makeStep } from "./routine-factories";

export async function actAs(role: "author" | "reviewer" | "admin") {
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(role))!;
  await signInAs(user.email, user.password);
}

let counter = 0;
export const uniqueName = (prefix = "Routine") => `${prefix} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

/** What is stored for a routine: its row and its versions. */
export const snapshot = async (routineId: string) => ({
  routine: await prisma.routine.findUnique({ where: { id: routineId } }),
  versions: await prisma.routineVersion.findMany({ where: { routineId }, orderBy: { number: "asc" } }),
});

/** How many routines, versions and audit entries exist. */
export const counts = async () => ({
  routines: await prisma.routine.count(),
  versions: await prisma.routineVersion.count(),
  audit: await prisma.auditLog.count(),
});
