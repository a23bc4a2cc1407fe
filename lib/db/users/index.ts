// Users, roles, invitations, personal API tokens and the viewer a session or token stands for.
import "server-only";
export {
  MAX_API_TOKENS_PER_USER,
  createApiToken,
  listApiTokens,
  revokeApiToken,
  viewerFromApiToken,
} from "./api-tokens";
export { acceptInvitation, findInvitation, reissueInvitation } from "./invitations";
export { emailSchema, passwordSchema } from "./user-inputs";
export { insertUser } from "./user-records";
export { createUser, listUsers, setUserActive, setUserRoles } from "./users";
export { isDeactivated, loadViewer, loadViewerByEmail } from "./viewers";
export type { Viewer } from "./viewers";
