import { expect, test, uniqueName } from "./fixtures";
import { ToolsPage } from "./pages/tools-page";
import { dal } from "./support/dal";
import { withDatabase } from "./support/database";
import { DEMO_HR_URL } from "./support/env";

test.describe("the Tools page, as the admin", () => {
  test.use({ signedInAs: "admin" });

  test("an admin sees the demo HR server connected, reads a tool's parameters and tries it", async ({
    page,
    toolsPage,
  }) => {
    await toolsPage.goto();
    const hr = toolsPage.server("hr");
    await expect(hr.getByTestId("server-status")).toHaveText("Connected");
    await expect(hr.getByTestId("server-tool-count")).toHaveText("25 tools");

    await toolsPage.openServer("hr");
    await page.getByTestId("tool-search").fill("leave balance");
    await expect(page.getByTestId("tool-list").locator("[data-testid^='tool-toggle-']").first()).toContainText(
      "get_leave_balance",
    );
    await toolsPage.expandTool("get_leave_balance");
    const params = page.getByTestId("tool-params-get_leave_balance");
    await expect(params.getByTestId("param-employee_id")).toContainText("required");
    await expect(params.getByTestId("param-year")).toContainText("integer");

    // A required parameter left empty is caught in the form; nothing is called.
    await page.getByTestId("try-get_leave_balance-submit").click();
    await expect(page.getByTestId("try-get_leave_balance-employee_id-error")).toContainText("employee_id is required");

    await page.getByTestId("try-get_leave_balance-employee_id").fill("E1024");
    await page.getByTestId("try-get_leave_balance-submit").click();
    const result = page.getByTestId("try-get_leave_balance-result");
    await expect(result).toHaveAttribute("data-is-error", "false");
    await expect(result.getByTestId("try-get_leave_balance-result-text")).toContainText("E1024");

    // An unknown employee is the tool saying no: shown as the tool's error, not a crash.
    await page.getByTestId("try-get_leave_balance-employee_id").fill("E0000000");
    await page.getByTestId("try-get_leave_balance-submit").click();
    await expect(result).toHaveAttribute("data-is-error", "true");
  });

  test("an admin is refused a tool server at the cloud metadata address, beside the field", async ({
    page,
    toolsPage,
  }) => {
    await toolsPage.goto();
    await toolsPage.fillNewServer({ name: "metadata", url: "http://169.254.169.254/latest/meta-data/" });
    await page.getByTestId("new-server-submit").click();
    await expect(page.getByTestId("new-server-url-error")).toHaveText(
      "169.254.169.254 is one of the cloud metadata addresses. The app never connects to those.",
    );
    await page.getByTestId("add-server-dialog-close").click();
    await expect(toolsPage.server("metadata")).toHaveCount(0);
  });

  test("an admin adds a server, sees its tools, is refused commands off the allowlist, and removes it", async ({
    page,
    toolsPage,
  }) => {
    await toolsPage.goto();

    await toolsPage.fillNewServer({ name: "shell", command: "bash", args: "-c whoami" });
    await page.getByTestId("new-server-submit").click();
    await expect(page.getByTestId("new-server-command-error")).toContainText("not on the allowlist");
    await page.getByTestId("add-server-dialog-close").click();

    await toolsPage.fillNewServer({ name: "ftp", url: "ftp://files.example.com/mcp" });
    await page.getByTestId("new-server-submit").click();
    await expect(page.getByTestId("new-server-url-error")).toContainText("Only http:// and https://");
    await page.getByTestId("add-server-dialog-close").click();
    await expect(toolsPage.server("shell")).toHaveCount(0);

    const name = uniqueName("hr-mirror")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-");
    await toolsPage.fillNewServer({ name, description: "A second address for the demo tools", url: DEMO_HR_URL });
    await page.getByTestId("new-server-submit").click();
    await expect(page.getByTestId("new-server-success")).toContainText("It offers 25 tools");
    await page.getByTestId("add-server-dialog-close").click();
    const added = toolsPage.server(name);
    await expect(added.getByTestId("server-status")).toHaveText("Connected");

    await toolsPage.openServer(name);
    await expect(page.getByTestId("tool-list").locator("[data-testid^='tool-toggle-']")).toHaveCount(25);
    await page.getByTestId(`server-remove-${name}`).click();
    await page.getByTestId(`server-remove-confirm-${name}`).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(toolsPage.server("hr")).toBeVisible();
    await expect(toolsPage.server(name)).toHaveCount(0);
  });
});

test.describe("the Tools page, as an author and an operator", () => {
  test("an author browses tools but cannot add servers or call tools; an operator can try and refresh", async ({
    pageAs,
  }) => {
    const author = await pageAs("author");
    const authorTools = new ToolsPage(author);
    await authorTools.goto();
    await expect(authorTools.server("hr")).toBeVisible();
    await expect(authorTools.addButton()).toHaveCount(0);
    await expect(author.getByTestId("server-refresh-hr")).toHaveCount(0);
    await authorTools.openServer("hr");
    await authorTools.expandTool("get_employee");
    await expect(author.getByTestId("try-get_employee-form")).toHaveCount(0);

    const page = await pageAs("operator");
    const toolsPage = new ToolsPage(page);
    await toolsPage.goto();
    await expect(toolsPage.addButton()).toHaveCount(0);
    await expect(page.getByTestId("server-toggle-hr")).toHaveCount(0);
    await page.getByTestId("server-refresh-hr").click();
    await expect(page.getByTestId("server-outcome-hr")).toContainText("Refreshed: 25 tools");
    await toolsPage.openServer("hr");
    await toolsPage.expandTool("get_employee");
    await page.getByTestId("try-get_employee-employee_id").fill("E1024");
    await page.getByTestId("try-get_employee-submit").click();
    await expect(page.getByTestId("try-get_employee-result")).toHaveAttribute("data-is-error", "false");
  });

  test("the designer's palette lists the registered server's tools", async ({ pageAs }) => {
    const page = await pageAs("author");
    const { routineId } = await dal("author", "createRoutine", { name: uniqueName("Palette source") });
    await page.goto(`/routines/${routineId}`);
    await page.getByTestId("palette-search").fill("leave balance");
    await expect(page.getByTestId("palette")).toContainText("get_leave_balance");
  });
});

test.describe("as the author", () => {
  test.use({ signedInAs: "author" });

  test("a routine whose tool changed since it was saved is flagged until its author accepts the current schema", async ({
    page,
    routinesPage,
  }) => {
    await routinesPage.goto();
    const name = uniqueName("Pinned balance");
    await routinesPage.submitSource(
      "text",
      `Routine: ${name}\nStep 1. Check leave balance: look up the remaining leave, input employee id, using get_leave_balance tool;`,
    );
    await routinesPage.expectCreated(name);
    await expect(routinesPage.row(name).getByTestId("routine-tools-changed")).toHaveCount(0);

    // The routine was saved against an older schema of get_leave_balance (as if the server changed it since).
    const pinned = withDatabase(
      (db) =>
        db
          .prepare(
            `UPDATE "routine_version" SET "toolHashes" = ? WHERE "routineId" = (SELECT id FROM "routine" WHERE name = ?)`,
          )
          .run(JSON.stringify({ "hr/get_leave_balance": "sha256:an-older-schema" }), name).changes,
    );
    expect(pinned).toBe(1);
    await routinesPage.goto();
    await expect(routinesPage.row(name).getByTestId("routine-tools-changed")).toHaveText("1 tool changed");

    await routinesPage.row(name).getByRole("link", { name }).click();
    const banner = page.getByTestId("tool-changes-banner");
    await expect(banner).toContainText("hr/get_leave_balance");
    await expect(banner).toContainText("schema changed");
    await page.getByTestId("accept-tool-changes").click();
    await expect(banner).toHaveCount(0);
    await routinesPage.goto();
    await expect(routinesPage.row(name).getByTestId("routine-tools-changed")).toHaveCount(0);
  });
});
