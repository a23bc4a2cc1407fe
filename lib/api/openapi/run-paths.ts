import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { MAX_RUN_REQUEST_BYTES, startRunBody } from "../runs-api";
import {
  errorResponse,
  forbidden,
  jsonResponse,
  notFound,
  SSE,
  tokenOrSession,
  tooManyStreams,
  unauthorized,
} from "./responses";
import { runSchema, runStartedSchema, runStartErrorSchema } from "./schemas";

// The run API: start a run, read it, follow its events and the runs list's status changes.

const runId = z.object({ id: z.string().describe("The run's id (`runId` of the 201, or from the run's URL).") });

const startRefusal = (description: string) => jsonResponse(description, runStartErrorSchema);

const sseStream = (description: string) => ({
  description,
  headers: z.object({ "Cache-Control": z.literal("no-cache, no-transform") }),
  content: { [SSE]: { schema: z.string().describe(description) } },
});

export const runPaths: ZodOpenApiPathsObject = {
  "/api/runs": {
    post: {
      operationId: "startRun",
      tags: ["Runs"],
      summary: "Start a run",
      description: `Starts a run of a routine's published version as the caller (operators and admins). With \`routineId\` it runs that routine; without it, \`request\` picks the routine (procedure memory: a match starts it, an ambiguous request answers 409, no fit 422); \`mode: "planned"\` hands the request to the dynamic planner. The body is JSON, at most ${MAX_RUN_REQUEST_BYTES / 1024} KB. A request with the session cookie must carry the app's \`Origin\`.`,
      security: tokenOrSession("runs:start"),
      requestParams: {
        header: z.object({
          traceparent: z.string().optional().describe("W3C trace context: the run's spans continue this trace."),
          tracestate: z.string().optional().describe("W3C trace context, with traceparent."),
        }),
      },
      requestBody: { required: true, content: { "application/json": { schema: startRunBody } } },
      responses: {
        "201": {
          ...jsonResponse("Started (queued): its id, status, mode and links.", runStartedSchema),
          headers: z.object({ Location: z.string().describe("The run's status URL (links.self).") }),
        },
        "400": startRefusal("The body, the inputs or the context settings need attention (`fieldErrors` names them)."),
        "401": unauthorized,
        "403": {
          ...startRefusal(
            "A role or the token's scope is missing (`missingScope`), or the request came from another site.",
          ),
          headers: forbidden.headers,
        },
        "404": startRefusal("No published routine with that id the caller may run."),
        "409": startRefusal("The routine is not runnable now, or the request fits two routines about equally."),
        "415": errorResponse('The body was not sent as "Content-Type: application/json".'),
        "422": startRefusal("No published routine fits the request: the ranked near-misses are in `retrieval`."),
      },
    },
  },
  "/api/runs/{id}": {
    get: {
      operationId: "getRun",
      tags: ["Runs"],
      summary: "Read a run",
      description:
        "The run's status, what it ran with, what came out and each step's state. No secrets and no step outputs: follow the events for those.",
      security: tokenOrSession("runs:read"),
      requestParams: { path: runId },
      responses: {
        "200": jsonResponse("The run.", runSchema),
        "401": unauthorized,
        "403": forbidden,
        "404": notFound,
      },
    },
  },
  "/api/runs/{id}/events": {
    get: {
      operationId: "streamRunEvents",
      tags: ["Runs"],
      summary: "Follow a run's events (SSE)",
      description:
        "Server-Sent Events: the stored events after `Last-Event-ID`, then live ones until the run finishes. Each message is `id: <seq>`, `event: run`, `data: <the event as JSON>`; reconnect with the last id seen. The stream ends when the run finishes, the client stops reading, or the caller's token or session no longer holds.",
      security: tokenOrSession("runs:read"),
      requestParams: {
        path: runId,
        header: z.object({
          "Last-Event-ID": z.string().optional().describe("Replay the events after this seq (0: all)."),
        }),
        query: z.object({
          lastEventId: z.string().optional().describe("The same, for clients that cannot set headers."),
        }),
      },
      responses: {
        "200": sseStream("The run's events: `id: <seq>`, `event: run`, `data: <event JSON>`."),
        "204": { description: "The run has finished and the client has every event: stop reconnecting." },
        "401": unauthorized,
        "403": forbidden,
        "404": notFound,
        "429": tooManyStreams,
      },
    },
  },
  "/api/runs/events": {
    get: {
      operationId: "streamRunStatuses",
      tags: ["Runs"],
      summary: "Follow status changes of every visible run (SSE)",
      description:
        'Server-Sent Events for the runs list: `event: status`, `data: { "runId", "status", "seq", "at" }` for each run the caller may see. No replay.',
      security: tokenOrSession("runs:read"),
      responses: {
        "200": sseStream('Status changes: `event: status`, `data: {"runId","status","seq","at"}`.'),
        "401": unauthorized,
        "403": forbidden,
        "429": tooManyStreams,
      },
    },
  },
};
