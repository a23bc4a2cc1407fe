import { DEMO, expect, test, uniqueEmail } from "./fixtures";
import { AppShell } from "./pages/app-shell";
import { SignInPage } from "./pages/sign-in-page";

test.use({ signedInAs: "admin" });

test("an admin creates a user with a password and several roles, who can then sign in", async ({
  pageAs,
  usersPage,
}) => {
  const email = uniqueEmail("grace");
  await usersPage.goto();
  await usersPage.createWithPassword({
    name: "Grace Hopper",
    email,
    roles: ["reviewer", "operator"],
    password: "grace-password-1",
  });
  await expect(usersPage.row(email).getByTestId("user-status")).toHaveText("active");

  const page = await pageAs(null);
  await new SignInPage(page).signIn(email, "grace-password-1");
  const shell = new AppShell(page);
  await shell.expectRoles(["reviewer", "operator"]);
  await shell.expectNavigation(["routines", "runs", "tools", "evaluations"]);
});

test("an invited user sets their password through the link, once", async ({ pageAs, usersPage }) => {
  const email = uniqueEmail("linus");
  await usersPage.goto();
  const link = await usersPage.invite({ name: "Linus Invited", email, roles: ["author"] });
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{20,}$/);
  await expect(usersPage.row(email).getByTestId("user-status")).toHaveText("invited");

  const page = await pageAs(null);
  await page.goto(link);
  await expect(page.getByTestId("page-title")).toContainText("Linus Invited");
  await page.getByTestId("invite-password").fill("linus-password");
  await page.getByTestId("invite-confirm").fill("linus-passw0rd");
  await page.getByTestId("invite-submit").click();
  await expect(page.getByTestId("invite-confirm-error")).toContainText("differ");
  await expect(page.getByTestId("invite-password")).toHaveValue("linus-password");
  await page.getByTestId("invite-confirm").fill("linus-password");
  await page.getByTestId("invite-submit").click();
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await new AppShell(page).expectRoles(["author"]);

  await page.goto(link);
  await expect(page.getByTestId("invitation-problem")).toContainText("already been used");
});

test("bad input keeps what was typed and says what to fix", async ({ page, usersPage }) => {
  await usersPage.goto();
  await page.getByTestId("new-user-name").fill("Dup Licate");
  await page.getByTestId("new-user-email").fill(`  ${DEMO.author.email.toUpperCase()} `);
  await page.getByTestId("new-user-submit").click();
  await expect(page.getByTestId("new-user-roles-error")).toContainText("at least one role");
  await expect(page.getByTestId("new-user-name")).toHaveValue("Dup Licate");

  await page.getByTestId("new-user-role-author").check();
  await page.getByTestId("new-user-submit").click();
  await expect(page.getByTestId("new-user-email-error")).toContainText("already exists");
  await expect(usersPage.formError()).toBeVisible();

  await page.getByTestId("new-user-email").fill("short-password@example.com");
  await page.getByTestId("new-user-signin-password").check();
  await page.getByTestId("new-user-password").fill("abc");
  await page.getByTestId("new-user-submit").click();
  await expect(page.getByTestId("new-user-password-error")).toContainText("at least 8");
  await expect(usersPage.row("short-password@example.com")).toHaveCount(0);
});

test("role changes and deactivation take effect for the user, and the audit log records them", async ({
  pageAs,
  page,
  usersPage,
}) => {
  const email = uniqueEmail("mo");
  await usersPage.goto();
  await usersPage.createWithPassword({ name: "Mo Changes", email, roles: ["author"], password: "mo-password-1" });
  await usersPage.setRoles(email, ["operator"]);

  const userPage = await pageAs(null);
  const signIn = new SignInPage(userPage);
  await signIn.signIn(email, "mo-password-1");
  await new AppShell(userPage).expectNavigation(["routines", "runs", "tools"]);

  await usersPage.toggleActive(email);
  await expect(usersPage.row(email).getByTestId("user-status")).toHaveText("deactivated");
  await userPage.reload();
  await signIn.expectShown();
  await signIn.submit(email, "mo-password-1");
  await expect(signIn.error()).toContainText("deactivated");

  await page.goto("/settings/audit");
  const rows = page.getByTestId("audit-row").filter({ hasText: email });
  await expect(rows.filter({ hasText: "Deactivated user" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Changed roles" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Created user" })).toHaveCount(1);
  await expect(page.getByTestId("audit-row").filter({ hasText: "Signed in" }).first()).toBeVisible();
});

test("the last admin cannot remove their own admin role", async ({ page, usersPage }) => {
  await usersPage.goto();
  const row = usersPage.row(DEMO.admin.email);
  await row
    .getByTestId("user-row-message")
    .waitFor({ state: "detached" })
    .catch(() => undefined);
  await row.locator("input[value='admin']").uncheck();
  await row.locator("input[value='author']").check();
  await row.getByTestId("save-roles").click();
  await expect(row.getByTestId("user-row-message")).toContainText("at least one active admin");
  await page.reload();
  await expect(usersPage.row(DEMO.admin.email).locator("input[value='admin']")).toBeChecked();
});
