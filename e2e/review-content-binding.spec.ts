import { expect, test, uniqueName } from "./fixtures";
import { ReviewPage } from "./pages/review-page";
import { VersionsPage } from "./pages/versions-page";
import { dal } from "./support/dal";
import { createJsonRoutine, publishRoutine } from "./support/routines";

// Approval binds content (issue #29): the reviewer's page is open on version 1, which reads an employee; meanwhile
// the author withdraws it, switches the step to one that changes data and submits it again, under the same version
// id. The reviewer's Approve must not approve what they never saw: it is refused, and the page shows the new content.
test.use({ viewport: { width: 1440, height: 900 }, signedInAs: "reviewer" });

/** A one-step routine calling `tool` on the demo HR server. */
function contactRoutine(name: string, tool: "get_employee" | "update_employee_contact") {
  const stepName = tool === "get_employee" ? "Look the employee up" : "Change the employee's phone";
  return {
    schemaVersion: 2,
    id: "e2e",
    name,
    description: "Answers a question about an employee's contact details.",
    intents: [],
    inputs: [{ name: "employee_id", description: 'e.g. "E1024"', type: "string", required: true }],
    steps: [
      {
        id: "contact",
        kind: "tool",
        name: stepName,
        description: "",
        position: { x: 0, y: 0 },
        tool: { server: "hr", name: tool },
        inputs: {
          employee_id: { from: "input", name: "employee_id" },
          ...(tool === "update_employee_contact" ? { phone: { from: "literal", value: "+49 30 0000000" } } : {}),
        },
        outputs: [{ name: "result", description: "" }],
        requiresApproval: false,
      },
      { id: "done", kind: "end", name: "Done", description: "", position: { x: 320, y: 16 } },
    ],
    edges: [{ id: "e1", source: "contact", target: "done" }],
    stages: [],
  };
}

test("the reviewer's Approve on a version switched behind their open page is refused and shows the new content", async ({
  page,
}) => {
  const name = uniqueName("E2E bait");
  const routineId = await createJsonRoutine(contactRoutine(name, "get_employee"));
  await dal("author", "submitForReview", { routineId });

  const review = new ReviewPage(page);
  await review.goto(routineId, 1);
  await expect(review.node("proposed", "contact")).toContainText("Look the employee up");

  // The switch, while the reviewer reads: withdraw, save a write in place of the read, submit again.
  await dal("author", "withdrawFromReview", { routineId });
  await dal("author", "saveDraft", { routineId, routine: contactRoutine(name, "update_employee_contact") });
  await dal("author", "submitForReview", { routineId });

  await review.approveButton().click();
  const message = page.getByTestId("decision-message");
  await expect(message).toContainText(
    "Version 1 changed since you opened this page, so you would be deciding on content you have not seen.",
  );
  await expect(message).toContainText("Nothing was decided: the page now shows the version as it is, review it again.");
  // The page reloaded its data: the step the author switched to is what the reviewer now sees.
  await expect(review.node("proposed", "contact")).toContainText("Change the employee's phone");
  await expect(review.root()).toHaveAttribute("data-status", "in_review");
  await page.screenshot({ path: "test-results/review-screens/review-version-changed.png" });
  expect((await dal("reviewer", "workingVersion", { routineId })).status).toBe("in_review");

  // Having seen it, the reviewer's Approve now binds to this content.
  await review.approveButton().click();
  await expect(message).toContainText("Version 1 was approved; it can be published now.");
  expect((await dal("reviewer", "workingVersion", { routineId })).status).toBe("approved");
});

test("the default run mode is changed in a draft, shown to the reviewer, and does not move the published version", async ({
  page,
  pageAs,
}) => {
  const name = uniqueName("E2E mode");
  const routineId = await publishRoutine(contactRoutine(name, "get_employee"));

  const author = await pageAs("author");
  const versions = new VersionsPage(author);
  await versions.goto(routineId);
  const setting = author.getByTestId("default-mode");
  await expect(setting.getByTestId("default-mode-published")).toContainText("published v1 execute as workflow");
  await setting.getByRole("combobox", { name: "Next version runs as" }).selectOption("agent");
  await expect(setting.getByTestId("default-mode-hint")).toContainText(
    "takes effect once that version is reviewed and published",
  );
  await setting.getByRole("button", { name: "Start a draft with this mode" }).click();
  await expect(setting.getByTestId("default-mode-saved")).toHaveText(
    "New draft v2 now runs in agent mode by default. It takes effect once v2 is reviewed and published.",
  );
  await expect(versions.row(2)).toHaveAttribute("data-status", "draft");
  // What runs now is still the published version's mode.
  await expect(setting.getByTestId("default-mode-published")).toContainText("published v1 execute as workflow");
  await author.screenshot({ path: "test-results/review-screens/versions-default-mode.png" });

  await dal("author", "submitForReview", { routineId });
  const review = new ReviewPage(page);
  await review.goto(routineId, 2);
  await expect(page.getByTestId("review-default-mode")).toContainText(
    "Runs that do not choose a mode switch from workflow mode to agent mode.",
  );
  await expect(page.getByTestId("default-mode-change")).toBeVisible();
  await page.screenshot({ path: "test-results/review-screens/review-default-mode.png" });
});
