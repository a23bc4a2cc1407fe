import { z } from "zod";
import type { oas31, ZodOpenApiResponseObject } from "zod-openapi";
import type { TokenScope } from "../../access";
import { errorSchema, forbiddenSchema } from "./schemas";

// Building blocks of the document's responses and security requirements, shared by the paths.

export const JSON_TYPE = "application/json";
export const SSE = "text/event-stream";
export const NDJSON = "application/x-ndjson";

/** A JSON response with `schema` as its body. */
export function jsonResponse(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, content: { [JSON_TYPE]: { schema } } };
}

/** An `{ error, fieldErrors? }` response. */
export const errorResponse = (description: string) => jsonResponse(description, errorSchema);

const wwwAuthenticate = z.object({
  "WWW-Authenticate": z
    .string()
    .describe('`Bearer realm="routine-studio"`, with `error` and `scope` when a token fails.'),
});

export const unauthorized: ZodOpenApiResponseObject = {
  ...errorResponse("Neither a valid API token nor a session: no, a bad, revoked or expired token, or signed out."),
  headers: wwwAuthenticate,
};

export const forbidden: ZodOpenApiResponseObject = {
  ...jsonResponse("The caller's roles do not allow it, or the API token lacks the route's scope.", forbiddenSchema),
  headers: wwwAuthenticate,
};

export const notFound = errorResponse("Unknown, or not the caller's to see (the two are not told apart).");

export const tooManyStreams: ZodOpenApiResponseObject = {
  ...errorResponse("All of the caller's live streams are in use (RUN_STREAMS_PER_USER); close one and retry."),
  headers: z.object({ "Retry-After": z.string().describe("Seconds to wait.") }),
};

type Security = oas31.SecurityRequirementObject[];

/** A personal API token with `scope`, or the session cookie (sessions are not scoped). */
export const tokenOrSession = (scope: TokenScope): Security => [{ bearerToken: [scope] }, { sessionCookie: [] }];

/** The session cookie only: routes the app's own pages call. */
export const sessionOnly: Security = [{ sessionCookie: [] }];

/** No authentication. */
export const publicRoute: Security = [];
