// The client-safe surface of lib/auth: roles, sections and error types. Server code imports ./server.
export { ROLES, ROLE_INFO, roleSchema, normalizeRoles, hasAnyRole } from "./roles";
export type { Role } from "./roles";
export { SECTIONS, sectionsFor, canOpenSection, getSection } from "./sections";
export type { Section, SectionId } from "./sections";
export { UnauthenticatedError, ForbiddenError } from "./errors";
