import { expect, test, uniqueName } from "./fixtures";
import { RunPage } from "./pages/run-page";
import { RunsListPage } from "./pages/runs-list-page";
import { fakeOpenAI } from "./support/fake-openai";
import { publishRoutine } from "./support/routines";
import { approvalRoutine, branchingRoutine, skillRoutine, wrongFieldRoutine } from "./support/runs";
import { SAME_ORIGIN } from "./support/env";

test.use({ signedInAs: "operator" });

const firstIndex = (states: Array<[string, string]>, step: string, ...wanted: string[]) =>
  states.findIndex(([id, state]) => id === step && wanted.includes(state));

test("an operator starts a run from the routine, watches its steps change in order, and approves the human step", async ({
  page,
}) => {
  const name = uniqueName("E2E approval");
  const routineId = await publishRoutine(approvalRoutine(name));
  await page.goto(`/routines/${routineId}`);
  await page.getByTestId("run-routine").click();
  const dialog = page.getByTestId("start-run-dialog");
  await expect(dialog.getByTestId("run-input-employee_id")).toBeVisible();

  // A required input left empty is named by the server, and nothing starts.
  await dialog.getByTestId("start-run-submit").click();
  await expect(dialog.getByTestId("run-input-employee_id-error")).toContainText("required");
  await dialog.getByTestId("run-input-employee_id").fill("E1024");
  await dialog.getByTestId("start-run-submit").click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);

  const run = new RunPage(page);
  await expect(run.view()).toBeVisible();
  await expect(page.getByTestId("page-title")).toHaveText(name);
  await run.expectNode("approve", "waiting");
  await run.expectNode("lookup", "succeeded");
  await run.expectNode("balance", "pending");
  await run.expectStatus("waiting");
  await expect(run.node("approve").getByTestId("run-node-state")).toContainText("Waiting for you");
  await expect(page.getByTestId("run-edge-e1")).toHaveAttribute("data-taken", "true");
  await expect(page.getByTestId("run-edge-e2")).toHaveAttribute("data-taken", "false");
  await expect(page.getByTestId("progress-count")).toHaveText("1 of 3 steps done");

  // The looked-up step shows the tool call it made.
  await run.openStep("lookup");
  await expect(page.getByTestId("step-tool-arguments")).toContainText('"employee_id": "E1024"');

  await run.recordNodeStates();
  await run.openStep("approve");
  await run.approve("Right person.");
  await run.expectStatus("succeeded");
  await run.expectNode("balance", "succeeded");
  await run.expectNode("done", "succeeded");
  await expect(page.getByTestId("progress-count")).toHaveText("3 of 3 steps done");
  await expect(page.getByTestId("run-edge-e3")).toHaveAttribute("data-taken", "true");

  const states = await run.recordedStates();
  const approved = firstIndex(states, "approve", "succeeded");
  const balanceMoved = firstIndex(states, "balance", "running", "succeeded");
  const balanceDone = firstIndex(states, "balance", "succeeded");
  const finished = firstIndex(states, "done", "succeeded");
  expect(approved, JSON.stringify(states)).toBeGreaterThanOrEqual(0);
  expect(balanceMoved).toBeGreaterThan(approved);
  expect(balanceDone).toBeGreaterThanOrEqual(balanceMoved);
  expect(finished).toBeGreaterThan(balanceDone);

  await run.openStep("approve");
  await expect(page.getByTestId("step-history")).toContainText("Otto Operator approved: “Right person.”");

  const runId = page.url().split("/").pop()!;
  const list = new RunsListPage(page);
  await list.goto();
  await expect(list.row(runId)).toHaveAttribute("data-status", "succeeded");
});

test("a failing tool shows its error on the node; a re-run edits only what the routine leaves open", async ({
  page,
}) => {
  const routineId = await publishRoutine(wrongFieldRoutine(uniqueName("E2E failing")));
  // Started over the JSON API with the browser's session.
  const started = await page.request.post("/api/runs", {
    headers: SAME_ORIGIN,
    data: { routineId, inputs: { employee_id: "E1024" } },
  });
  expect(started.status()).toBe(201);
  const { runId, links } = (await started.json()) as { runId: string; links: { view: string } };
  expect(links.view).toBe(`/runs/${runId}`);

  const run = new RunPage(page);
  await run.goto(runId);
  await run.expectNode("lookup", "succeeded");
  await run.expectNode("balance", "failed");
  await expect(run.node("balance").getByTestId("run-node-error")).toContainText("Unknown employee ID");
  await run.expectStatus("failed");

  await run.openStep("balance");
  await expect(page.getByTestId("step-detail-error")).toContainText("Unknown employee ID");
  await page.getByTestId("step-edit-input").click();
  // The leave type is the routine's: shown read-only with where it comes from, and not in the editor.
  const fixed = page.getByTestId("step-fixed-argument-leave_type");
  await expect(fixed).toContainText('"annual"');
  await expect(fixed).toContainText("A value written in the routine.");
  await expect(page.getByTestId("step-input-editor")).not.toHaveValue(/leave_type/);
  await expect(page.getByTestId("step-input-editor")).toHaveValue(/"employee_id"/);
  // A malformed edit is caught before anything is sent.
  await page.getByTestId("step-input-editor").fill('{ "employee_id": ');
  await page.getByTestId("step-rerun").click();
  await expect(page.getByTestId("step-input-error")).toContainText("not valid JSON");
  // Changing what the routine fixes is refused, naming the argument; nothing runs.
  await page.getByTestId("step-input-editor").fill(JSON.stringify({ employee_id: "E1024", leave_type: "sick" }));
  await page.getByTestId("step-rerun").click();
  await expect(page.getByTestId("step-input-error")).toContainText(
    '"leave_type" is fixed by the routine to the literal value "annual": a re-run cannot change it.',
  );
  await run.expectStatus("failed");
  // The argument the routine takes from the looked-up record is the operator's to correct.
  await page.getByTestId("step-input-editor").fill(JSON.stringify({ employee_id: "E1024" }));
  await page.getByTestId("step-rerun").click();
  await run.expectStatus("succeeded");
  await run.expectNode("balance", "succeeded");
});

test("an API token created on the account page does what its scopes say until it is revoked", async ({ page }) => {
  const routineId = await publishRoutine(approvalRoutine(uniqueName("E2E token")));
  await page.goto("/runs");
  await page.getByTestId("user-menu-tokens").click();
  await expect(page.getByTestId("tokens-page")).toBeVisible();
  // An operator is offered what operators can do over the API; exporting training data is not theirs.
  await expect(page.getByRole("checkbox", { name: /^Read runs/ })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^Export training data/ })).toHaveCount(0);
  await page.getByTestId("token-create").click();
  await expect(page.getByTestId("token-name-error")).toContainText("Give the token a name");
  await expect(page.getByTestId("token-scopes-error")).toContainText("Choose at least one");
  const tokenName = uniqueName("CRM");
  await page.getByTestId("token-name").fill(tokenName);
  await page.getByRole("checkbox", { name: /^Start runs/ }).check();
  await page.getByLabel("Expires after").selectOption({ label: "7 days" });
  await page.getByTestId("token-create").click();
  const token = await page.getByTestId("token-value").inputValue();
  expect(token).toMatch(/^rs_/);
  const listed = page.locator("[data-testid^='token-row-']").filter({ hasText: tokenName });
  await expect(listed.getByTestId("token-scope-badge-runs:start")).toHaveText("Start runs");
  await expect(listed.getByTestId("token-scope-badge-runs:read")).toHaveCount(0);
  await expect(listed.getByTestId("token-expiry-label")).toHaveText("expires in 7 days");

  // The runs list is open while another system starts a run with the token: the row appears and follows it live.
  const list = new RunsListPage(page);
  await list.goto();
  await list.expectLive();
  const api = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const headers = { authorization: `Bearer ${token}` };
  const started = await api.request.post("/api/runs", {
    headers,
    data: { routineId, inputs: { employee_id: "E1024" } },
  });
  expect(started.status()).toBe(201);
  const { runId } = (await started.json()) as { runId: string };
  await expect(list.row(runId)).toHaveAttribute("data-status", "waiting");
  await expect(list.row(runId)).toContainText("API");
  // It may start runs, not read them back: that scope was not chosen.
  const status = await api.request.get(`/api/runs/${runId}`, { headers });
  expect(status.status()).toBe(403);
  const refusal = await status.json();
  expect(refusal).toMatchObject({ missingScope: "runs:read" });
  expect(JSON.stringify(refusal)).not.toContain(token);

  await page.goto("/account/tokens");
  const row = page.locator("[data-testid^='token-row-']").filter({ hasText: tokenName });
  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row).toHaveAttribute("data-revoked", "true");
  const refused = await api.request.post("/api/runs", {
    headers,
    data: { routineId, inputs: { employee_id: "E1024" } },
  });
  expect(refused.status()).toBe(401);
  await api.close();
});

test("someone else's run is not found for an author, and authors get no run controls", async ({ request, pageAs }) => {
  const routineId = await publishRoutine(approvalRoutine(uniqueName("E2E private")), "admin");
  // Started by the operator over the JSON API with their session.
  const started = await request.post("/api/runs", {
    headers: SAME_ORIGIN,
    data: { routineId, inputs: { employee_id: "E1024" } },
  });
  expect(started.status()).toBe(201);
  const { runId } = (await started.json()) as { runId: string };

  const page = await pageAs("author");
  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId("run-not-found")).toBeVisible();
  const stream = await page.request.get(`/api/runs/${runId}/events`);
  expect(stream.status()).toBe(404);
  await page.goto(`/routines/${routineId}`);
  await expect(page.getByTestId("designer-header")).toBeVisible();
  await expect(page.getByTestId("run-routine")).toHaveCount(0);
});

test("a skill step shows as running while the model works, then its message, tokens and the run's estimated cost", async ({
  page,
}) => {
  const marker = uniqueName("note-marker").replace(" ", "-");
  const gate = `${marker} answers`;
  await fakeOpenAI.addRules([
    {
      match: { anyMessageIncludes: marker },
      hold: gate,
      reply: {
        content: "Julia Nguyen, QA engineer in Engineering.",
        usage: { prompt_tokens: 1200, completion_tokens: 30 },
      },
    },
  ]);
  const routineId = await publishRoutine(skillRoutine(uniqueName("E2E skill"), marker));
  const started = await page.request.post("/api/runs", {
    headers: SAME_ORIGIN,
    data: { routineId, inputs: { employee_id: "E1024" } },
  });
  const { runId } = (await started.json()) as { runId: string };

  const run = new RunPage(page);
  await run.goto(runId);
  await run.expectNode("note", "running");
  await run.expectStatus("running");
  await expect(run.node("note").getByTestId("run-node-state")).toContainText("Running");
  await expect(page.getByTestId("run-edge-e1")).toHaveAttribute("data-taken", "true");
  await fakeOpenAI.openGate(gate);
  await run.expectNode("note", "succeeded");
  await run.expectStatus("succeeded");
  await expect(page.getByTestId("run-tokens")).toHaveText("1,230");
  // fake-model has no entry in the price table: the default $1 / $4 per million tokens.
  await expect(page.getByTestId("run-cost")).toHaveText("$0.0013");
  await run.openStep("note");
  await expect(page.getByTestId("step-model-turns")).toContainText("Julia Nguyen, QA engineer in Engineering.");
  await expect(page.getByTestId("step-model-turns")).toContainText("1,200 in · 30 out");
  await expect(page.getByTestId("step-output-value")).toContainText("Julia Nguyen");
});

test("a step on the way a branch did not take shows as skipped as soon as the branch is chosen", async ({ page }) => {
  const routineId = await publishRoutine(branchingRoutine(uniqueName("Branch skip")));
  const started = await page.request.post("/api/runs", {
    headers: SAME_ORIGIN,
    data: { routineId, inputs: { employee_id: "E1024" } },
  });
  expect(started.status(), await started.text()).toBe(201);
  const run = new RunPage(page);
  await run.goto(((await started.json()) as { runId: string }).runId);
  // The run still waits at the approval on the way taken; the other way is already marked skipped.
  await run.expectNode("approve", "waiting");
  await run.expectNode("balance", "skipped");
  await run.expectStatus("waiting");
  // The progress list counts the skipped step apart and labels it, rather than striking it through as done.
  await expect(page.getByTestId("progress-count")).toHaveText("2 of 4 steps done · 1 skipped");
  const skipped = page.getByTestId("progress-balance");
  await expect(skipped).toHaveAttribute("data-state", "skipped");
  await expect(skipped).not.toHaveAttribute("data-done");
  await expect(skipped.getByTestId("progress-skipped")).toHaveText("skipped");
  await page.getByTestId("progress-list").screenshot({ path: test.info().outputPath("progress-skipped.png") });
});
