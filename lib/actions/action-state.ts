import { ForbiddenError, UnauthenticatedError } from "../access";
import { SecretUnreadableError } from "../crypto";
import { ConflictError, DatabaseUnavailableError, NotFoundError, StaleSaveError, ValidationError } from "../db/core";
import { ToolGatewayError } from "../tool-gateway";

type ErrorState = { status: "error"; message: string; fieldErrors?: Record<string, string[]> };

/** An error state that carries `fieldErrors` only when there are some. */
function errorState(message: string, fieldErrors: Record<string, string[]> | undefined): ErrorState {
  return fieldErrors ? { status: "error", message, fieldErrors } : { status: "error", message };
}

/**
 * Turns an error thrown by the DAL into a message the user can act on. Unknown errors are logged on the
 * server and reported without internals, so nothing sensitive reaches the browser.
 */
export function toErrorState(error: unknown): ErrorState {
  if (error instanceof ValidationError) return errorState(error.message, error.fieldErrors);
  if (error instanceof ConflictError) {
    return errorState(error.message, error.field ? { [error.field]: [error.message] } : undefined);
  }
  if (error instanceof UnauthenticatedError)
    return { status: "error", message: "Your session has ended. Sign in again to continue." };
  if (error instanceof ForbiddenError)
    return { status: "error", message: `You are not allowed to do that: ${error.message}` };
  if (error instanceof NotFoundError || error instanceof DatabaseUnavailableError || error instanceof StaleSaveError)
    return { status: "error", message: error.message };
  if (error instanceof SecretUnreadableError) return { status: "error", message: error.message };
  // Gateway messages are written for people and never carry secrets (lib/tool-gateway/errors.ts).
  if (error instanceof ToolGatewayError) return errorState(error.message, argumentErrors(error));
  console.error("[action] unexpected error", error);
  return { status: "error", message: "Something went wrong on our side; nothing was changed. Please try again." };
}

/** For pages: runs a DAL read and turns a failure into the same user-facing message actions give. */
export async function loadOrError<T>(
  load: () => Promise<T>,
): Promise<{ data: T; error: null } | { data: null; error: string }> {
  try {
    return { data: await load(), error: null };
  } catch (error) {
    return { data: null, error: toErrorState(error).message };
  }
}

/** Per-parameter messages of an invalid_arguments error, keyed by the top-level parameter, for "try it" forms. */
function argumentErrors(error: ToolGatewayError): Record<string, string[]> | undefined {
  if (error.code !== "invalid_arguments" || !Array.isArray(error.details)) return undefined;
  const errors: Record<string, string[]> = {};
  for (const issue of error.details as Array<{ path?: string; message?: string }>) {
    const field = (issue.path ?? "").replace(/^\//, "").split(/[./[]/)[0];
    if (field && issue.message) (errors[field] ??= []).push(`${issue.path} ${issue.message}`);
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
