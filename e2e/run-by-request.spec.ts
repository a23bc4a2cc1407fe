import { expect, test, uniqueName } from "./fixtures";
import { ByRequestBox } from "./pages/by-request-box";
import { RunPage } from "./pages/run-page";
import { fakeOpenAI } from "./support/fake-openai";
import { madeUpWords } from "./support/made-up-words";
import { publishRoutine } from "./support/routines";
import { approvalRoutine } from "./support/runs";

test.use({ signedInAs: "operator" });

// Procedure memory ranks every published routine, those of other tests and earlier runs too: each test makes up
// words no other routine has (madeUpWords), so its routines are the only ones its request can fit.

/** An approval routine (one input, employee_id) described by `words`, so a request with them finds it. */
async function publishDescribed(name: string, description: string, intents: string[]): Promise<string> {
  const routine = { ...approvalRoutine(name), description, intents };
  return publishRoutine(routine);
}

test("an operator types a request, sees the routine that fits and why, and starts it with inputs read from the request", async ({
  page,
}) => {
  const [device, part, fault] = madeUpWords(3);
  const name = uniqueName(`Recalibrate ${device}`);
  const otherName = uniqueName(`Order ${device} ${part} spares`);
  const routineId = await publishDescribed(name, `Recalibrates the ${device} ${part} after a ${fault} alarm.`, [
    `recalibrate the ${device} ${part} after a ${fault}`,
  ]);
  await publishDescribed(otherName, `Orders spares for the ${device} ${part}.`, [`order ${device} ${part} spares`]);
  // The executor model reads the employee id from the request (the fake answers only requests with this test's words).
  await fakeOpenAI.addRules([
    { match: { anyMessageIncludes: fault, responseFormat: "json_schema" }, reply: { json: { employee_id: "E1024" } } },
  ]);

  const box = new ByRequestBox(page);
  await box.open();
  const request = `Please recalibrate the ${device} ${part} after the ${fault} alarm for employee E1024`;
  await box.find(request);
  await box.expectDecision("match");
  await expect(page.getByTestId("by-request-pick-name")).toHaveText(name);
  await expect(page.getByTestId("by-request-pick-score")).toContainText(/score 0\.\d\d|score 1\.00/);
  await expect(page.getByTestId("by-request-pick-matched")).toContainText(fault);
  await expect(page.getByTestId("by-request-runner-up")).toContainText(otherName);
  await expect(box.choice()).toHaveValue(routineId);

  await box.start(name);
  // The request typed above is what the run starts from.
  await expect(box.dialog().getByTestId("start-run-request")).toHaveValue(request);
  await box.dialog().getByTestId("start-run-submit").click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  const run = new RunPage(page);
  await expect(run.view()).toBeVisible();
  await expect(page.getByTestId("page-title")).toHaveText(name);
  await run.expectStatus("waiting");
  expect((await fakeOpenAI.requests({ includes: fault })).length).toBeGreaterThan(0);
});

test("a routine that takes no inputs still starts from the request typed, which the run keeps", async ({ page }) => {
  const [device, fault] = madeUpWords(2);
  const name = uniqueName(`Explain ${device} payslip`);
  const base = approvalRoutine(name);
  // No inputs: the step reads a fixed employee, as the demo's payslip question reads whoever asks.
  const routine = {
    ...base,
    description: `Explains the ${device} payslip after a ${fault} query.`,
    intents: [`explain the ${device} payslip`],
    inputs: [],
    steps: base.steps.map((step) =>
      step.id === "lookup" ? { ...step, inputs: { employee_id: { from: "literal", value: "E1024" } } } : step,
    ),
  };
  await publishRoutine(routine);

  const box = new ByRequestBox(page);
  await box.open();
  const request = `Please explain the ${device} payslip, the ${fault} line looks wrong`;
  await box.find(request);
  await box.expectDecision("match");
  await box.start(name);
  const field = box.dialog().getByTestId("start-run-request");
  await expect(field).toHaveValue(request);
  await expect(box.dialog().getByText("Request (optional)")).toBeVisible();
  await box.dialog().screenshot({ path: test.info().outputPath("start-dialog-no-inputs.png") });
  await box.dialog().getByTestId("start-run-submit").click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  const run = new RunPage(page);
  await expect(run.view()).toBeVisible();
  await run.expectStatus("waiting");
  await page.getByTestId("run-panel-tab-run").click();
  await expect(page.getByTestId("run-info-request")).toContainText(request);
});

test("an operator overrides the suggestion with the runner-up and runs that instead", async ({ page }) => {
  const [device, part, fault] = madeUpWords(3);
  const name = uniqueName(`Recalibrate ${device}`);
  const runnerUpName = uniqueName(`Order ${device} ${part} spares`);
  await publishDescribed(name, `Recalibrates the ${device} ${part} after a ${fault} alarm.`, [
    `recalibrate the ${device} ${part} after a ${fault}`,
  ]);
  const runnerUpId = await publishDescribed(runnerUpName, `Orders spares for the ${device} ${part}.`, [
    `order ${device} ${part} spares`,
  ]);

  const box = new ByRequestBox(page);
  await box.open();
  await box.find(`recalibrate the ${device} ${part} after the ${fault} alarm`);
  await box.expectDecision("match");
  await expect(page.getByTestId("by-request-pick-name")).toHaveText(name);
  await expect(page.getByTestId("by-request-runner-up")).toContainText(runnerUpName);

  await box.choice().selectOption(runnerUpId);
  await box.start(runnerUpName);
  await box.dialog().getByTestId("start-run-mode-form").check();
  await box.dialog().getByTestId("run-input-employee_id").fill("E1024");
  await box.dialog().getByTestId("start-run-submit").click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  await expect(new RunPage(page).view()).toBeVisible();
  await expect(page.getByTestId("page-title")).toHaveText(runnerUpName);
});

test("a request no routine fits is said plainly, with the near-misses, and nothing is preselected to run", async ({
  page,
}) => {
  const [device, ...unknown] = madeUpWords(5);
  const name = uniqueName(`Recalibrate ${device}`);
  const routineId = await publishDescribed(name, `Recalibrates the ${device}.`, [`recalibrate the ${device}`]);

  const box = new ByRequestBox(page);
  await box.open();
  // An empty request is refused with a sentence, before anything is ranked.
  await page.getByTestId("by-request-find").click();
  await expect(page.getByTestId("by-request-input-error")).toContainText("empty");

  await box.find(`${unknown.join(" ")} ${device}`);
  await box.expectDecision("none");
  await expect(page.getByTestId("by-request-none")).toContainText("No published routine fits this request");
  await expect(page.getByTestId("by-request-candidate-0")).toHaveAttribute("data-routine-id", routineId);
  await expect(box.choice()).toHaveValue("");
  await expect(page.getByTestId("by-request-start")).toBeDisabled();

  // The operator may still pick a routine by hand; the button follows the choice.
  await box.choice().selectOption(routineId);
  await expect(page.getByTestId("by-request-start")).toBeEnabled();
});
