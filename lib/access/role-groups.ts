import type { RoleList } from "./policy";

// Who does what, in one place: the DAL requires these groups and server actions declare them (defineAction), so an
// action and the write behind it never disagree. The order is the order a refusal names them in.

/** Write routines: create, edit, submit for review, optimize. */
export const WRITER_ROLES = ["author", "admin"] as const satisfies RoleList;
/** Decide reviews, publish and roll back. */
export const DECIDER_ROLES = ["reviewer", "admin"] as const satisfies RoleList;
/** Comment on a version in review. */
export const COMMENTER_ROLES = ["author", "reviewer", "admin"] as const satisfies RoleList;
/** Start, steer and intervene in runs; refresh tool servers. */
export const RUN_CONTROL_ROLES = ["operator", "admin"] as const satisfies RoleList;
/** Manage users, tool servers and model settings. */
export const ADMIN_ROLES = ["admin"] as const satisfies RoleList;
