import { test as base, type BrowserContext, type Page } from "@playwright/test";
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

/** Pages a test may open with pageAs at once, beside its own `page`. */
const MAX_EXTRA_PAGES = 2;

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
  storageState: async ({ signedInAs, storageState }, provide) =>
    provide(signedInAs ? storageStateOf(signedInAs) : storageState),
  signInPage: async ({ page }, provide) => provide(new SignInPage(page)),
  shell: async ({ page }, provide) => provide(new AppShell(page)),
  usersPage: async ({ page }, provide) => provide(new UsersPage(page)),
  routinesPage: async ({ page }, provide) => provide(new RoutinesPage(page)),
  toolsPage: async ({ page }, provide) => provide(new ToolsPage(page)),
  pageAs: async ({ browser }, provide) => {
    const contexts = new Set<BrowserContext>();
    await provide(async (role) => {
      // Each page is a whole app rendered in software on a shared core: a test drives at most three at once (its
      // own and two of these); close one (page.context().close()) before opening another.
      if (contexts.size >= MAX_EXTRA_PAGES)
        throw new Error(`A test may open at most ${MAX_EXTRA_PAGES} pages with pageAs at once; close one first.`);
      // An explicit storageState (even undefined) keeps the test's own signedInAs session out of this context.
      const context = await browser.newContext({ storageState: role ? storageStateOf(role) : undefined });
      contexts.add(context);
      context.once("close", () => contexts.delete(context));
      return context.newPage();
    });
    await Promise.all([...contexts].map((context) => context.close()));
  },
});
