import { test as base, type Page } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { RoutinesPage } from "./pages/routines-page";
import { SignInPage } from "./pages/sign-in-page";
import { ToolsPage } from "./pages/tools-page";
import { UsersPage } from "./pages/users-page";
import { storageStateOf } from "./support/auth";
import { type DemoRole } from "./support/demo-users";

export { expect } from "@playwright/test";
export { DEMO, type DemoRole } from "./support/demo-users";

/** A name no other test uses: a readable prefix and a token that a search can find. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An email no other test uses, so tests can run in parallel and against a reused server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

type Fixtures = {
  signInPage: SignInPage;
  shell: AppShell;
  usersPage: UsersPage;
  routinesPage: RoutinesPage;
  toolsPage: ToolsPage;
  /** Opens a page in a context of its own, signed in as `role` (null: signed out); closed after the test. */
  pageAs: (role: DemoRole | null) => Promise<Page>;
};

type Options = {
  /** The demo user `page` starts signed in as (the set-up project's session), or null for a signed-out page. */
  signedInAs: DemoRole | null;
};

export const test = base.extend<Fixtures & Options>({
  signedInAs: [null, { option: true }],
  storageState: async ({ signedInAs, storageState }, provide) => provide(signedInAs ? storageStateOf(signedInAs) : storageState),
  signInPage: async ({ page }, provide) => provide(new SignInPage(page)),
  shell: async ({ page }, provide) => provide(new AppShell(page)),
  usersPage: async ({ page }, provide) => provide(new UsersPage(page)),
  routinesPage: async ({ page }, provide) => provide(new RoutinesPage(page)),
  toolsPage: async ({ page }, provide) => provide(new ToolsPage(page)),
  pageAs: async ({ browser }, provide) => {
    const contexts: Array<Awaited<ReturnType<typeof browser.newContext>>> = [];
    await provide(async (role) => {
      // An explicit storageState (even undefined) keeps the test's own signedInAs session out of this context.
      const context = await browser.newContext({ storageState: role ? storageStateOf(role) : undefined });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
