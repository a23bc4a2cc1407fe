// The one module bound to the web request: better-auth's sessions and its allowlisted HTTP endpoints, sign-in (with
// its throttle) and sign-out, the viewer of the current request, page access and defineAction for server actions.
// Everything below it takes the viewer as an argument.
import "server-only";
export { auth, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "./auth";
export { getViewer, sectionAccess, signInPath } from "./session";
export { defineAction } from "./define-action";
export type { ActionAccess } from "./define-action";
export { signInWithPassword, signOutCurrent, INVALID_CREDENTIALS } from "./sign-in";
export type { SignInOutcome } from "./sign-in";
export { REQUEST_PATH_HEADER } from "./request-path";
export { contentSecurityPolicy, NONCE_HEADER, newNonce, strictTransportSecurity } from "./security-headers";
export { handleAuthRequest } from "./auth-endpoints";
export { UNKNOWN_CLIENT } from "./client-address";
