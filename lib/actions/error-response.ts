import { ForbiddenError, UnauthenticatedError } from "../access";
import { ConflictError, DatabaseUnavailableError, NotFoundError, StaleSaveError, ValidationError } from "../db/core";
import { toErrorState } from "./action-state";

/** The HTTP status a route handler answers for an error the DAL threw. */
export function statusOf(error: unknown): number {
  if (error instanceof UnauthenticatedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ValidationError) return 400;
  if (error instanceof ConflictError || error instanceof StaleSaveError) return 409;
  if (error instanceof DatabaseUnavailableError) return 503;
  return 500;
}

/**
 * A JSON error response for route handlers: `{ error: message, fieldErrors? }` with the matching status. The
 * message is the one server actions show (toErrorState), so nothing internal reaches the client.
 */
export function errorResponse(error: unknown): Response {
  const { message, fieldErrors } = toErrorState(error);
  return Response.json(
    { error: message, ...(fieldErrors ? { fieldErrors } : {}) },
    { status: statusOf(error), headers: { "Cache-Control": "no-store" } },
  );
}
