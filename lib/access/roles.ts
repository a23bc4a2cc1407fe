import { z } from "zod";

/** The roles a user may hold; a user may hold several. */
export const ROLES = ["author", "reviewer", "operator", "admin"] as const;

export const roleSchema = z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(", ")}` });
export type Role = z.infer<typeof roleSchema>;

export const ROLE_INFO: Record<Role, { label: string; description: string }> = {
  author: {
    label: "Author",
    description: "Draws routines, asks the planner to optimize them, submits them for review.",
  },
  reviewer: {
    label: "Reviewer",
    description: "Compares AI-optimized drafts with the expert's and approves or rejects them.",
  },
  operator: { label: "Operator", description: "Starts runs, watches them live, steps in and approves human steps." },
  admin: { label: "Admin", description: "Manages users and roles, tool servers and model settings." },
};

/** Keeps only known roles, de-duplicated, in the canonical order. */
export function normalizeRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

export function hasAnyRole(held: readonly Role[], wanted: readonly Role[]): boolean {
  return wanted.some((role) => held.includes(role));
}
