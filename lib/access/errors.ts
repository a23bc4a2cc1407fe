import type { Role } from "./roles";

/** No signed-in user, or their session has expired. */
export class UnauthenticatedError extends Error {
  constructor(message = "You need to sign in to do that.") {
    super(message);
    this.name = "UnauthenticatedError";
  }
}

/** Signed in, but without a role the action needs. */
export class ForbiddenError extends Error {
  readonly requiredRoles: readonly Role[];
  constructor(requiredRoles: readonly Role[], message?: string) {
    super(message ?? `This needs the ${requiredRoles.join(" or ")} role.`);
    this.name = "ForbiddenError";
    this.requiredRoles = requiredRoles;
  }
}
