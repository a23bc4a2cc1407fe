// Role policy: roles, sections, the viewer and the checks every DAL function makes, and what personal API tokens may
// do (scopes, expiry). Pure: no request, no database, safe for the browser too.
export { ROLES, ROLE_INFO, roleSchema, normalizeRoles, hasAnyRole } from "./roles";
export type { Role } from "./roles";
export { SECTIONS, sectionsFor, canOpenSection, getSection } from "./sections";
export type { Section, SectionId } from "./sections";
export { UnauthenticatedError, ForbiddenError } from "./errors";
export { requireUser, requireRole } from "./policy";
export type { Viewer, RoleList } from "./policy";
export { ADMIN_ROLES, COMMENTER_ROLES, DECIDER_ROLES, RUN_CONTROL_ROLES, WRITER_ROLES } from "./role-groups";
export { safeRedirectPath } from "./safe-redirect";
export {
  LEGACY_TOKEN_SCOPES,
  TOKEN_SCOPES,
  TOKEN_SCOPE_INFO,
  canonicalScopes,
  missingScopeMessage,
  parseTokenScopes,
  scopesAllowedFor,
  tokenScopeSchema,
} from "./token-scopes";
export type { TokenScope, TokenScopeInfo } from "./token-scopes";
export {
  DEFAULT_TOKEN_EXPIRY_DAYS,
  TOKEN_EXPIRY_DAYS,
  isTokenExpired,
  tokenExpiresAt,
  tokenExpirySchema,
  tokenExpiryText,
} from "./token-expiry";
export type { TokenExpiryDays } from "./token-expiry";
