import type { Role } from "../../access";

/** One user per role, for the demo only. Their passwords are documented in README.md. */
export const DEMO_USERS: ReadonlyArray<{ name: string; email: string; password: string; roles: Role[] }> = [
  { name: "Ada Admin", email: "admin@example.com", password: "admin-demo-pass", roles: ["admin"] },
  { name: "Alan Author", email: "author@example.com", password: "author-demo-pass", roles: ["author"] },
  { name: "Rosa Reviewer", email: "reviewer@example.com", password: "reviewer-demo-pass", roles: ["reviewer"] },
  { name: "Otto Operator", email: "operator@example.com", password: "operator-demo-pass", roles: ["operator"] },
];
