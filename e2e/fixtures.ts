import { test as base } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { RoutinesPage } from "./pages/routines-page";
import { SignInPage } from "./pages/sign-in-page";
import { ToolsPage } from "./pages/tools-page";
import { UsersPage } from "./pages/users-page";

export { expect } from "@playwright/test";

/** The demo users the e2e server is seeded with (see lib/db/demo-users.ts and README.md). */
export const DEMO = {
  admin: { email: "admin@example.com", password: "admin-demo-pass", name: "Ada Admin" },
  author: { email: "author@example.com", password: "author-demo-pass", name: "Alan Author" },
  reviewer: { email: "reviewer@example.com", password: "reviewer-demo-pass", name: "Rosa Reviewer" },
  operator: { email: "operator@example.com", password: "operator-demo-pass", name: "Otto Operator" },
} as const;

/** A name no other test uses: a readable prefix and a token that a search can find. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An email no other test uses, so tests can run in parallel and against a reused server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const test = base.extend<{ signInPage: SignInPage; shell: AppShell; usersPage: UsersPage; routinesPage: RoutinesPage; toolsPage: ToolsPage }>({
  signInPage: async ({ page }, provide) => provide(new SignInPage(page)),
  shell: async ({ page }, provide) => provide(new AppShell(page)),
  usersPage: async ({ page }, provide) => provide(new UsersPage(page)),
  routinesPage: async ({ page }, provide) => provide(new RoutinesPage(page)),
  toolsPage: async ({ page }, provide) => provide(new ToolsPage(page)),
});
