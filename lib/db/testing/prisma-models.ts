// Prisma's generated model types, for tests outside lib/db that check hand-written row types against the schema.
export type { Run, RunEvent, StepRun, Variable } from "../generated/prisma/client";
