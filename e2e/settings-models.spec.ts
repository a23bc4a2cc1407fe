import { expect, test } from "./fixtures";
import { ModelsPage } from "./pages/models-page";
import { withDatabase } from "./support/database";
import { FAKE_OPENAI_URL } from "./support/env";
import { fakeOpenAI } from "./support/fake-openai";

// The e2e server starts its fake OpenAI server with this key (scripts/serve-e2e.mjs) and refuses any other, so the
// settings saved here keep working for other specs running beside this one.
const FAKE_KEY = "e2e-fake-key";

// The tests change the model and run context settings rows; afterwards the environment's settings and the
// default run context apply again.
test.describe.configure({ mode: "serial" });
test.afterAll(() => {
  withDatabase((db) => db.prepare(`DELETE FROM "setting" WHERE "key" IN ('llm', 'run.context')`).run());
});

test.describe("as the admin", () => {
  test.use({ signedInAs: "admin" });

  test("an admin saves the endpoint, key and planner model, never sees the key again, and tests the connection", async ({
    page,
  }) => {
    await fakeOpenAI.addRules([
      { id: "settings-models-ping", match: { lastMessageIncludes: "Reply with OK." }, reply: { content: "OK" } },
    ]);
    const models = new ModelsPage(page);
    await models.openFromSettings();

    await models.baseUrl().fill(FAKE_OPENAI_URL);
    await models.apiKey().fill(FAKE_KEY);
    // Keep the model the environment gives the planner (other specs may use it); otherwise set the fake's model.
    if ((await models.model("planner").inputValue()) === "") await models.model("planner").fill("fake-model");
    const plannerModel = await models.model("planner").inputValue();
    await models.save();

    await expect(models.success()).toContainText("Saved.");
    await expect(models.source()).toHaveAttribute("data-source", "database");
    await expect(models.apiKeyStatus()).toContainText("A key is saved");
    await expect(models.clearApiKey()).toBeVisible();
    await expect(models.apiKey()).toHaveValue("");
    expect(await page.content()).not.toContain(FAKE_KEY);

    await page.reload();
    await expect(models.apiKey()).toHaveValue("");
    await expect(models.model("planner")).toHaveValue(plannerModel);
    expect(await page.content()).not.toContain(FAKE_KEY);

    const result = await models.testConnection("planner");
    await expect(result).toHaveAttribute("data-ok", "true");
    await expect(result.getByTestId("models-test-planner-status")).toHaveText("Connected");
    await expect(result.getByTestId("models-test-planner-message")).toContainText(
      `The model "${plannerModel}" answered.`,
    );
    await expect(result.getByTestId("models-test-planner-latency")).toContainText(/\d+ ms/);
    await expect(page.getByTestId("models-usage-call").filter({ hasText: "settings.test" }).first()).toContainText(
      "ok",
    );
  });

  test("an invalid base URL shows a field error and changes nothing", async ({ page }) => {
    const models = new ModelsPage(page);
    await models.goto();
    const savedUrl = await models.baseUrl().inputValue();

    await models.baseUrl().fill("ftp://models.example.com/v1");
    await page.getByTestId("models-planner-timeout").fill("0");
    await models.save();
    await expect(models.fieldError("baseUrl")).toContainText("Only http:// and https:// URLs are supported.");
    await expect(models.fieldError("planner-timeout")).toContainText("between 1 second and 10 minutes");
    // What was typed stays in the form to be corrected.
    await expect(models.baseUrl()).toHaveValue("ftp://models.example.com/v1");

    await page.reload();
    await expect(models.baseUrl()).toHaveValue(savedUrl);
  });
});

test.describe("the run context", () => {
  test.use({ signedInAs: "admin" });

  test("an admin sets the mode and the lookahead; a bad value is refused beside its field, and a reload shows what was saved", async ({
    page,
  }) => {
    const models = new ModelsPage(page);
    await models.goto();
    const mode = page.getByTestId("run-context-mode");
    const lookahead = page.getByTestId("run-context-lookahead");

    // The compressor role has no model here: choosing compressed mode says what will happen.
    await mode.selectOption("compressed");
    await expect(page.getByTestId("run-context-mode-hint")).toContainText("compressor model condensing");
    await expect(page.getByTestId("run-context-no-compressor")).toContainText("No compressor model is configured");

    await mode.selectOption("full");
    await expect(page.getByTestId("run-context-no-compressor")).toHaveCount(0);
    await lookahead.fill("99");
    await page.getByTestId("run-context-save").click();
    await expect(page.getByTestId("run-context-lookahead-error")).toHaveText("The lookahead must be between 0 and 50.");

    await lookahead.fill("4");
    await page.getByTestId("run-context-save").click();
    await expect(page.getByTestId("run-context-success")).toContainText(
      "Runs started from now on use full history context (k = 4",
    );

    await page.reload();
    await expect(mode).toHaveValue("full");
    await expect(lookahead).toHaveValue("4");
    await expect(page.getByTestId("run-context-mode-hint")).toContainText("Every result so far, whole");
  });
});

test.describe("as the author", () => {
  test.use({ signedInAs: "author" });

  test("an author is refused the page", async ({ page }) => {
    await page.goto("/settings/models");
    await expect(page.getByTestId("access-denied-message")).toContainText("needs the admin role");
    await expect(page.getByTestId("models-form")).toHaveCount(0);
  });
});
