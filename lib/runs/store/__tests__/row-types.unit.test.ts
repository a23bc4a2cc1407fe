import { describe, expectTypeOf, it } from "vitest";
import type { Run, StepRun } from "../../../db/testing/prisma-models";
import type { RunRow, StepRunRow } from "../run-records";

// The run store reads rows with raw SQL on its hot path, typed by hand. These checks fail to compile (tsc runs in
// npm test) when schema.prisma and the hand-written types drift apart: a renamed, added or retyped column.

/** A Prisma model as the store's SQLite connection returns it: DateTime columns arrive as ISO text. */
type AsStored<Model> = {
  [Column in keyof Model]: Model[Column] extends Date
    ? string
    : Model[Column] extends Date | null
      ? string | null
      : Model[Column];
};

describe("hand-written row types match Prisma's models", () => {
  it("RunRow is the run table", () => {
    expectTypeOf<RunRow>().toEqualTypeOf<AsStored<Run>>();
  });

  it("StepRunRow is the step_run table", () => {
    expectTypeOf<StepRunRow>().toEqualTypeOf<AsStored<StepRun>>();
  });
});
