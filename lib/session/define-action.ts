import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { requireRole, requireUser, type RoleList, type Viewer } from "../access";
import { toErrorState } from "../actions";
import { formValues } from "../forms";
import { ValidationError } from "../db/core";
import { getViewer } from "./session";

/** Who may call an action: anyone signed in, or holders of at least one of the roles. */
export type ActionAccess = "signed-in" | RoleList;

type ActionError = ReturnType<typeof toErrorState>;

/**
 * A server action that authorizes and validates before it does anything: it resolves the viewer from the session,
 * requires `access`, parses its input with `schema` (a form's FormData is read into plain values first; any other
 * argument is parsed as it is) and calls `run` with the viewer and the parsed input. The DAL checks roles again.
 * Every failure becomes the `{ status: "error", message, fieldErrors }` a form shows; Next's redirect and notFound
 * pass through. `arrays` names form fields that carry several values (checkbox groups).
 */
export function defineAction<Schema extends z.ZodType, Result>(
  access: ActionAccess,
  schema: Schema,
  run: (viewer: Viewer, input: z.infer<Schema>) => Promise<Result>,
  options: { arrays?: readonly string[]; invalidMessage?: string } = {},
): (...args: unknown[]) => Promise<Result | ActionError> {
  return async (...args: unknown[]) => {
    try {
      const viewer = await getViewer();
      if (access === "signed-in") requireUser(viewer);
      else requireRole(viewer, ...access);
      const raw = args.at(-1);
      const parsed = schema.safeParse(raw instanceof FormData ? formValues(raw, options.arrays) : raw);
      if (!parsed.success)
        throw ValidationError.fromZod(parsed.error, options.invalidMessage ?? "Some fields need attention.");
      return await run(viewer, parsed.data);
    } catch (error) {
      unstable_rethrow(error);
      return toErrorState(error);
    }
  };
}
