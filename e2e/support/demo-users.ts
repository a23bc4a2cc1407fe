/** The demo users the e2e server is seeded with (see lib/demo/seed/demo-users.ts and README.md). */
export const DEMO = {
  admin: { email: "admin@example.com", password: "admin-demo-pass", name: "Ada Admin" },
  author: { email: "author@example.com", password: "author-demo-pass", name: "Alan Author" },
  reviewer: { email: "reviewer@example.com", password: "reviewer-demo-pass", name: "Rosa Reviewer" },
  operator: { email: "operator@example.com", password: "operator-demo-pass", name: "Otto Operator" },
} as const;

export type DemoRole = keyof typeof DEMO;

export const DEMO_ROLES = Object.keys(DEMO) as DemoRole[];
