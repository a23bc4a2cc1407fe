// Users, roles, invitations, personal API tokens, the viewer a session or token stands for, and the failed sign-ins
// the sign-in throttle counts.
import "server-only";
export { MAX_API_TOKENS_PER_USER, createApiToken, listApiTokens, revokeApiToken } from "./api-tokens";
export type { ApiTokenSummary, CreatedApiToken } from "./api-tokens";
export { authenticateApiToken, viewerFromApiToken } from "./api-token-auth";
export type { ApiTokenCheck } from "./api-token-auth";
export { acceptInvitation, findInvitation, reissueInvitation } from "./invitations";
export { emailSchema, passwordSchema } from "./user-inputs";
export { insertUser } from "./user-records";
export {
  addSignInFailures,
  clearSignInFailures,
  pruneSignInFailures,
  recentSignInFailures,
  removeSignInFailures,
} from "./sign-in-failures";
export type { SignInFailureKey } from "./sign-in-failures";
export { createUser, listUsers, setUserActive, setUserRoles } from "./users";
export { isDeactivated, loadViewer, loadViewerByEmail } from "./viewers";
export type { Viewer } from "./viewers";
