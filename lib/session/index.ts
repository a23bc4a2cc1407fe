// The server-only surface of lib/auth.
import "server-only";
export { auth, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "./auth";
export { getViewer, requireUser, requireRole, sectionAccess, signInPath } from "./session";
export type { Viewer } from "./session";
export { signInWithPassword, signOutCurrent, INVALID_CREDENTIALS } from "./sign-in";
export type { SignInOutcome } from "./sign-in";
