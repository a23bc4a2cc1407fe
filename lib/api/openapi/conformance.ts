import type { z } from "zod";
import type { OptimizeEvent, OptimizeFailureCode, OptimizeRefusalBody } from "../../planner";
import type { HealthReport } from "../../runs/store";
import type { runStatusJson } from "../runs-api";
import type { runSchema } from "./schemas";
import type { healthReportSchema, optimizeEventSchema, optimizeRefusalSchema } from "./service-schemas";

// Type-level checks that the route code's response types fit the documented schemas: when a route starts sending a
// field the document does not name (or stops sending one it requires), `tsc` fails here, before any test runs.
// The database test (openapi-responses.test.ts) checks the bodies themselves against the document.

/** Compiles only when `Actual` is `true`. */
type Assert<Actual extends true> = Actual;
/**
 * Whether every value of type `Actual` is a valid input of `Schema`, and `Actual` has no top-level field the schema
 * does not name (assignability alone lets extra fields through; the document's objects allow none).
 */
type Fits<Actual, Schema extends z.ZodType> = [Actual] extends [z.input<Schema>]
  ? [Exclude<keyof Actual, keyof z.input<Schema>>] extends [never]
    ? true
    : false
  : false;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type Conformance = [
  Assert<Fits<ReturnType<typeof runStatusJson>, typeof runSchema>>,
  Assert<Fits<HealthReport, typeof healthReportSchema>>,
  Assert<Fits<OptimizeEvent, typeof optimizeEventSchema>>,
  Assert<Fits<OptimizeRefusalBody, typeof optimizeRefusalSchema>>,
  // Every failure code the planner can send is documented, and nothing more.
  Assert<Same<OptimizeFailureCode, Extract<z.output<typeof optimizeEventSchema>, { phase: "failed" }>["code"]>>,
];
