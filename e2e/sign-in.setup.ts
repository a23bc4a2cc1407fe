// Signs each demo user in once, through the sign-in form, and keeps the session for the tests that act as them
// (test.use({ signedInAs: role }) in e2e/fixtures.ts), so no other test spends its time on the form.
import { test as setup } from "@playwright/test";
import { storageStateOf } from "./support/auth";
import { DEMO, DEMO_ROLES } from "./support/demo-users";
import { SignInPage } from "./pages/sign-in-page";

for (const role of DEMO_ROLES) {
  setup(`sign in as the demo ${role}`, async ({ page }) => {
    await new SignInPage(page).signIn(DEMO[role].email, DEMO[role].password);
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
