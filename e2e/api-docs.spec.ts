import { expect, test } from "./fixtures";

// The API reference: the OpenAPI document every /api route is described in, rendered in the app (Swagger UI, no
// network beyond the app) and reachable from the API tokens page.

test.describe("as an operator", () => {
  test.use({ signedInAs: "operator" });

  test("the API reference renders the document from the tokens page, with the routes and the MCP endpoint", async ({
    page,
  }) => {
    await page.goto("/account/tokens");
    await page.getByTestId("tokens-api-reference").click();
    await expect(page.getByTestId("page-title")).toHaveText("API");
    const docs = page.getByTestId("api-docs");
    await expect(docs).toHaveAttribute("data-state", "ready");
    const viewer = page.getByTestId("api-docs-viewer");
    await expect(viewer).toContainText("Routine Studio API");
    for (const path of ["/api/runs", "/api/runs/{id}/events", "/api/mcp", "/api/openapi.json"])
      await expect(viewer.getByText(path, { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("api-docs-json")).toHaveAttribute("href", "/api/openapi.json");
  });
});
