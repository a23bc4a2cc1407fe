import { ForbiddenError, UnauthenticatedError } from "./errors";
import type { Role } from "./roles";

/** The signed-in user as the app sees them: identity and roles. */
export type Viewer = { id: string; name: string; email: string; roles: Role[] };

/** The roles an action admits: at least one. */
export type RoleList = readonly [Role, ...Role[]];

/**
 * Asserts that someone is signed in. Every DAL function starts with this or requireRole on the viewer its caller
 * resolved (a page, an action, a route, or a script acting for a known user): the DAL never reads the request itself.
 */
export function requireUser(viewer: Viewer | null | undefined): asserts viewer is Viewer {
  if (!viewer) throw new UnauthenticatedError();
}

/** Asserts that the viewer is signed in and holds at least one of `roles` (UnauthenticatedError / ForbiddenError). */
export function requireRole(viewer: Viewer | null | undefined, ...roles: RoleList): asserts viewer is Viewer {
  requireUser(viewer);
  if (!roles.some((role) => viewer.roles.includes(role))) throw new ForbiddenError(roles);
}
