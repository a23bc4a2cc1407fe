import { ForbiddenError, UnauthenticatedError } from "../access/errors";
import { SecretUnreadableError } from "../crypto/secret-box";
import { ConflictError, DatabaseUnavailableError, NotFoundError, StaleSaveError, ValidationError } from "../db/core/errors";
import { ToolGatewayError } from "../tools/gateway/errors";

/** What every form's server action returns, so a form can show a message and per-field errors. */
export type ActionState<Data = undefined> =
  | { status: "idle" }
  | { status: "error"; message: string; fieldErrors?: Record<string, string[]> }
  | { status: "success"; message: string; data?: Data };

export const idleState = { status: "idle" } as const;

/**
 * Turns an error thrown by the DAL into a message the user can act on. Unknown errors are logged on the
 * server and reported without internals, so nothing sensitive reaches the browser.
 */
export function toErrorState(error: unknown): { status: "error"; message: string; fieldErrors?: Record<string, string[]> } {
  if (error instanceof ValidationError) return { status: "error", message: error.message, fieldErrors: error.fieldErrors };
  if (error instanceof ConflictError) {
    return { status: "error", message: error.message, fieldErrors: error.field ? { [error.field]: [error.message] } : undefined };
  }
  if (error instanceof UnauthenticatedError) return { status: "error", message: "Your session has ended. Sign in again to continue." };
  if (error instanceof ForbiddenError) return { status: "error", message: `You are not allowed to do that: ${error.message}` };
  if (error instanceof NotFoundError || error instanceof DatabaseUnavailableError || error instanceof StaleSaveError) return { status: "error", message: error.message };
  if (error instanceof SecretUnreadableError) return { status: "error", message: error.message };
  // Gateway messages are written for people and never carry secrets (lib/tools/gateway/errors.ts).
  if (error instanceof ToolGatewayError) return { status: "error", message: error.message, fieldErrors: argumentErrors(error) };
  console.error("[action] unexpected error", error);
  return { status: "error", message: "Something went wrong on our side; nothing was changed. Please try again." };
}

/** Reads checkbox groups and text fields out of FormData into plain values for zod. */
export function formValues(formData: FormData, arrays: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of formData.entries()) {
    if (key.startsWith("$ACTION")) continue;
    if (typeof value !== "string") continue;
    if (arrays.includes(key)) values[key] = [...((values[key] as string[]) ?? []), value];
    else values[key] = value;
  }
  for (const key of arrays) values[key] ??= [];
  return values;
}

/** For pages: runs a DAL read and turns a failure into the same user-facing message actions give. */
export async function loadOrError<T>(load: () => Promise<T>): Promise<{ data: T; error: null } | { data: null; error: string }> {
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
