import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { trainingExportQuerySchema, trainingFilterSchema } from "../../evaluations/scoring";
import { MAX_DRAFT_CHARS, optimizeRequestSchema } from "../../planner";
import { mcpPathItem } from "./mcp";
import {
  errorResponse,
  forbidden,
  jsonResponse,
  NDJSON,
  notFound,
  publicRoute,
  sessionOnly,
  tokenOrSession,
  unauthorized,
} from "./responses";
import {
  authSessionSchema,
  healthReportSchema,
  openApiDocumentSchema,
  optimizeEventSchema,
  optimizeRefusalSchema,
  workingRoutineSchema,
} from "./service-schemas";

// The routes beside the run API: the designer's routes, the training-data export, health, the session endpoint,
// this document and the MCP server.

const routineId = z.object({ id: z.string().describe("The routine's id.") });

/** The export's query as the route reads it (flat), from the schemas the route parses it with. */
const exportQuery = z.object({
  ...trainingFilterSchema.shape,
  format: trainingExportQuerySchema.shape.format,
  withRoutine: trainingExportQuerySchema.shape.withRoutine,
});

const optimizeRefusal = (description: string) => jsonResponse(description, optimizeRefusalSchema);

const AUTH_DESCRIPTION =
  "better-auth's endpoints behind an allowlist: only `GET /api/auth/get-session` is open. The app signs in and out through its pages; every other path and method answers 404.";
const authPath = z.object({ path: z.string().describe('The endpoint: "get-session" is the open one.') });

/** A method of /api/auth/{path} that no open endpoint uses: it answers 404 whatever the path. */
const closedAuthMethod = (method: string) => ({
  operationId: `authClosed${method}`,
  tags: ["Session"],
  summary: `better-auth (${method.toUpperCase()}): closed`,
  description: AUTH_DESCRIPTION,
  security: publicRoute,
  requestParams: { path: authPath },
  responses: { "404": errorResponse("Not an open endpoint.") },
});

export const otherPaths: ZodOpenApiPathsObject = {
  "/api/routines/{id}/optimize": {
    post: {
      operationId: "optimizeRoutine",
      tags: ["Routines"],
      summary: "Optimize with AI (NDJSON stream)",
      description: `The planner turns the working version (\`source: "canvas"\`) or a pasted draft (\`source: "text"\`, at most ${MAX_DRAFT_CHARS.toLocaleString("en")} characters) into a full routine and saves it as a new version in review. Authors and admins, from the app's pages. Refusals come at once as JSON; otherwise a stream of progress lines ending in exactly one \`done\` or \`failed\`. A disconnect cancels it.`,
      security: sessionOnly,
      requestParams: { path: routineId },
      requestBody: { required: true, content: { "application/json": { schema: optimizeRequestSchema } } },
      responses: {
        "200": {
          description: "One OptimizeEvent as JSON per line; blank lines are keep-alives.",
          content: { [NDJSON]: { schema: optimizeEventSchema } },
        },
        "400": optimizeRefusal("The request needs attention."),
        "401": errorResponse("Not signed in."),
        "403": errorResponse("Not an author or admin, or a cross-site request."),
        "404": notFound,
        "409": optimizeRefusal("The page shows an older version, a version is in review, or the routine is archived."),
        "413": errorResponse("The draft is too large."),
        "415": errorResponse('The body was not sent as "Content-Type: application/json".'),
        "503": optimizeRefusal("No planner model is configured (`code: not_configured`); an admin sets one."),
      },
    },
  },
  "/api/routines/{id}/working": {
    get: {
      operationId: "getWorkingRoutine",
      tags: ["Routines"],
      summary: "The working version's routine",
      description: "What the designer edits: the working version's revision and Routine JSON. Any signed-in user.",
      security: sessionOnly,
      requestParams: { path: routineId },
      responses: {
        "200": jsonResponse("The revision and the routine.", workingRoutineSchema),
        "401": errorResponse("Not signed in."),
        "404": notFound,
      },
    },
  },
  "/api/evaluations/export": {
    get: {
      operationId: "exportTrainingData",
      tags: ["Evaluations"],
      summary: "Download training data (JSONL)",
      description:
        "Runs that finished well (and passed evaluation cases) as fine-tuning JSONL, streamed a line per example, in OpenAI's chat format or LLaMA-Factory's. Authors, reviewers and admins.",
      security: tokenOrSession("evaluations:export"),
      requestParams: { query: exportQuery },
      responses: {
        "200": {
          description: "A JSONL download, one training example per line.",
          headers: z.object({
            "Content-Disposition": z.string().describe('`attachment; filename="training-….jsonl"`'),
          }),
          content: { [NDJSON]: { schema: z.string().describe("JSON Lines: one example per line.") } },
        },
        "400": errorResponse("A query field is not valid."),
        "401": unauthorized,
        "403": forbidden,
        "404": errorResponse("No run the filter takes is an example (rather than an empty file)."),
      },
    },
  },
  "/api/health": {
    get: {
      operationId: "getHealth",
      tags: ["System"],
      summary: "Health for load balancers and monitors",
      description: "No sign-in, never cached. Counts and ages only: no hosts, process ids or run ids.",
      security: publicRoute,
      responses: {
        "200": jsonResponse("All is well.", healthReportSchema),
        "503": jsonResponse(
          "Degraded (runs wait, no worker seen) or down (the database does not answer).",
          healthReportSchema,
        ),
      },
    },
  },
  "/api/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      tags: ["System"],
      summary: "This document",
      description:
        "The OpenAPI 3.1 document of every /api route, generated from the zod schemas the routes validate with. Public: it holds no data.",
      security: publicRoute,
      responses: { "200": jsonResponse("The OpenAPI document.", openApiDocumentSchema) },
    },
  },
  "/api/auth/{path}": {
    get: {
      operationId: "getSession",
      tags: ["Session"],
      summary: "Read the session (better-auth)",
      description: AUTH_DESCRIPTION,
      // The cookie is optional: signed out, the answer is null.
      security: [...sessionOnly, {}],
      requestParams: { path: authPath },
      responses: {
        "200": jsonResponse("The session and its user, or null when signed out.", authSessionSchema),
        "404": errorResponse("Not an open endpoint."),
      },
    },
    post: closedAuthMethod("Post"),
    put: closedAuthMethod("Put"),
    patch: closedAuthMethod("Patch"),
    delete: closedAuthMethod("Delete"),
  },
  "/api/mcp": mcpPathItem,
};
