import { z } from "zod";
import { errorSchema } from "./schemas";

// The response bodies of the routes beside the run API: health, the designer's working version, "Optimize with AI",
// the session endpoint and this document itself. Checked against the route code's types in conformance.ts.

/** A check that passed carries its figures; one that failed says why, with whatever figures it still has. */
function healthCheck<Shape extends z.ZodRawShape>(figures: Shape, id: string) {
  return z
    .union([
      z.object({ ok: z.literal(true), ...figures }),
      z.object({ ok: z.literal(false), reason: z.string() }).extend(z.object(figures).partial().shape),
    ])
    .meta({ id });
}

/** 200 and 503 of GET /api/health (lib/runs/store `HealthReport`). Counts and ages only: no hosts, pids or ids. */
export const healthReportSchema = z
  .object({
    status: z
      .enum(["ok", "degraded", "down"])
      .describe(
        "ok: all is well (200); degraded: runs wait and no worker is seen (503); down: the database does not answer (503).",
      ),
    checks: z.object({
      database: healthCheck({ latencyMs: z.number() }, "DatabaseCheck"),
      queue: healthCheck({ queued: z.number().int(), oldestQueuedSeconds: z.number().int().nullable() }, "QueueCheck"),
      workers: healthCheck({ seenRecently: z.number().int() }, "WorkersCheck"),
    }),
    traces: z
      .object({
        enabled: z.boolean().describe("Whether this process sends traces (OTEL_EXPORTER_OTLP_ENDPOINT is set)."),
        exportedSpans: z.number().int(),
        droppedSpans: z.number().int().describe("Spans not sent: the export queue was full or the receiver failed."),
        exportFailures: z.number().int(),
      })
      .describe("This process's OpenTelemetry export figures; they never change the status."),
  })
  .meta({ id: "HealthReport" });

/** 200 of GET /api/routines/{id}/working: the stored JSON as it is (older schema versions migrate on read). */
export const workingRoutineSchema = z
  .object({
    revision: z.number().int().describe("Send it back as the base of the next save; a stale save is refused."),
    routine: z
      .looseObject({ schemaVersion: z.number().int().optional() })
      .describe("The Routine JSON of the working version (see the README's routine format)."),
  })
  .meta({ id: "WorkingRoutine" });

const OPTIMIZE_FAILURE_CODES = [
  "empty_draft",
  "too_large",
  "not_json",
  "invalid_after_repairs",
  "model_error",
  "aborted",
  "conflict",
  "unexpected",
] as const;

const optimizeProgress = { attempt: z.number().int(), message: z.string(), percent: z.number() };

/** One line of the NDJSON stream of POST /api/routines/{id}/optimize (lib/planner `OptimizeEvent`). */
export const optimizeEventSchema = z
  .discriminatedUnion("phase", [
    z.object({ phase: z.enum(["planning", "validating", "repairing", "saving"]), ...optimizeProgress }),
    z.object({
      phase: z.literal("done"),
      ...optimizeProgress,
      percent: z.literal(100),
      versionId: z.string(),
      versionNumber: z.number().int(),
      reviewUrl: z.string(),
      repairCount: z.number().int(),
      model: z.string(),
      usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
      warnings: z.number().int(),
    }),
    z.object({
      phase: z.literal("failed"),
      ...optimizeProgress,
      code: z.enum(OPTIMIZE_FAILURE_CODES),
      issues: z.array(z.object({ stepId: z.string().optional(), path: z.string(), message: z.string() })).optional(),
    }),
  ])
  .meta({
    id: "OptimizeEvent",
    description: "One line of the stream. The last line is `done` or `failed`; nothing follows it.",
  });

/** A refusal of POST /api/routines/{id}/optimize before anything streams (lib/planner `OptimizeRefusalBody`). */
export const optimizeRefusalSchema = errorSchema
  .extend({
    code: z
      .enum(["not_configured", "conflict"])
      .optional()
      .describe("not_configured: no planner model (503); conflict: the routine changed or is in review (409)."),
  })
  .meta({ id: "OptimizeRefusal" });

/** better-auth's session read (GET /api/auth/get-session): the session and its user, or null when signed out. */
export const authSessionSchema = z
  .looseObject({ session: z.looseObject({ expiresAt: z.string() }), user: z.looseObject({ id: z.string() }) })
  .nullable()
  .meta({ id: "AuthSession" });

/** 200 of GET /api/openapi.json: an OpenAPI 3.1 document (this one). */
export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenApiDocument" });
