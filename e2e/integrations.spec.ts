import { expect, test, uniqueName } from "./fixtures";
import { BASE_URL } from "./support/env";
import { publishRoutine } from "./support/routines";
import { approvalRoutine } from "./support/runs";

// Settings → Integrations: the MCP endpoint of published routines, the client configuration to copy, and which
// routines it offers. The library the demo seed published is emptied by the fresh-database project before this
// spec runs, so the test publishes a routine of its own and hides only that one: specs running beside it keep
// their tools.

/** The tool name the endpoint gives a routine: its name in snake_case (lib/mcp-publishing/tool-names.ts). */
const toolNameOf = (routineName: string) =>
  routineName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");

test.describe("as the admin", () => {
  test.use({ signedInAs: "admin" });

  test("Settings → Integrations shows the endpoint, a client configuration and the routines exposed; hiding one and showing it again", async ({
    page,
  }) => {
    const name = uniqueName("MCP leave check");
    await publishRoutine(approvalRoutine(name));
    const toolName = toolNameOf(name);

    await page.goto("/settings");
    await page.getByTestId("settings-integrations").click();
    await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();

    const endpoint = `${BASE_URL}/api/mcp`;
    await expect(page.getByTestId("mcp-endpoint")).toHaveValue(endpoint);
    const config = page.getByTestId("mcp-client-config");
    await expect(config).toContainText(`"url": "${endpoint}"`);
    expect(JSON.parse((await config.textContent()) ?? "")).toEqual({
      mcpServers: {
        "routine-studio": { type: "http", url: endpoint, headers: { Authorization: "Bearer <your API token>" } },
      },
    });
    await expect(page.getByTestId("mcp-client-stdio")).toHaveText(
      `npx mcp-remote ${endpoint} --header "Authorization: Bearer \${TOKEN}"`,
    );
    await expect(page.getByTestId("mcp-config-token-link")).toHaveAttribute("href", "/account/tokens");

    const row = page.getByTestId("mcp-routines").getByTestId(`mcp-routine-${toolName}`);
    await expect(row).toContainText(name);
    await expect(row.getByTestId("mcp-routine-tool")).toHaveText(toolName);
    // It only looks up and reads (readOnlyHint: true on both HR tools), and its human step waits for a person.
    await expect(row.getByTestId("mcp-routine-read-only")).toHaveText("read-only");
    await expect(row.getByTestId("mcp-routine-waits-for-people")).toHaveText("may ask a person");
    await expect(row.getByTestId("mcp-routine-status")).toHaveText("Offered");

    const toggle = row.getByTestId("mcp-routine-toggle");
    await expect(toggle).toHaveText("Hide");
    await toggle.click();
    await expect(row.getByTestId("mcp-routine-status")).toHaveText("Hidden");
    await expect(row.getByTestId("mcp-routine-message")).toContainText("Hidden");
    await expect(toggle).toHaveText("Show");
    await expect(toggle).toBeEnabled();

    // From the keyboard this time.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(row.getByTestId("mcp-routine-status")).toHaveText("Offered");
    await expect(toggle).toHaveText("Hide");
    await expect(row.getByTestId("mcp-routine-error")).toHaveCount(0);

    // What was saved, not what the page remembers.
    await page.reload();
    await expect(page.getByTestId(`mcp-routine-${toolName}`).getByTestId("mcp-routine-status")).toHaveText("Offered");
  });
});

test.describe("as an operator", () => {
  test.use({ signedInAs: "operator" });

  test("an operator is refused the Integrations page", async ({ page }) => {
    await page.goto("/settings/integrations");
    await expect(page.getByTestId("access-denied")).toBeVisible();
    await expect(page.getByTestId("mcp-endpoint")).toHaveCount(0);
    await expect(page.getByTestId("mcp-routines")).toHaveCount(0);
  });
});
