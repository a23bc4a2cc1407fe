import { DEMO, expect, test, uniqueName } from "./fixtures";
import { dal } from "./support/dal";

/** A valid routine as JSON: a human step, then the end. */
const routineJson = (name: string) =>
  JSON.stringify(
    {
      schemaVersion: 2,
      id: "imported-elsewhere",
      name,
      description: "Imported from JSON",
      steps: [
        { id: "ask", kind: "human", name: "Ask for the dates", instruction: "Ask which days the employee wants off." },
        { id: "done", kind: "end", name: "Done" },
      ],
      edges: [{ id: "e1", source: "ask", target: "done" }],
    },
    null,
    2,
  );

/** A routine in the paper's text form: a tool step, a branch with two lines, and an end. */
const paperText = (name: string) => `Routine: ${name}
Books days off when the employee has enough leave left.
Step 1. Check leave balance: look up the remaining leave, input employee id, output remaining days, using get_leave_balance tool;
Step 2. Eligibility: This step performs a branch condition check:
Branch 2-1 Step 1. Approve: If the balance covers the request, file the leave, using apply_leave tool;
Branch 2-2 Step 1. Reject: If it does not, tell the employee, using send_email_notification tool and terminate the workflow;`;

test.describe("as an author", () => {
  test.use({ signedInAs: "author" });

  test("creates a blank routine, sees it listed, and finds it by searching", async ({ page, routinesPage }) => {
    const name = uniqueName("Onboarding");
    const token = name.split(" ")[1];
    await routinesPage.goto();
    await routinesPage.createBlank(name, "Welcomes a new hire");

    const row = routinesPage.row(name);
    await expect(row.getByTestId("routine-status")).toHaveText("Draft");
    await expect(row.getByTestId("routine-owner")).toHaveText(DEMO.author.name);
    await expect(row.getByTestId("routine-steps")).toHaveText("1");
    await expect(row.getByTestId("routine-updated")).toHaveText("just now");
    await expect(row.getByRole("link", { name })).toHaveAttribute("href", /^\/routines\/[A-Za-z0-9-]+$/);

    await routinesPage.searchFor(token.toUpperCase());
    await expect(routinesPage.rows()).toHaveCount(1);
    await expect(routinesPage.row(name)).toBeVisible();

    await routinesPage.searchFor(`${token}zzz`);
    await expect(page.getByTestId("routines-no-match")).toContainText(`No routines match “${token}zzz”`);
    await page.getByRole("link", { name: "Clear the search" }).click();
    await expect(routinesPage.row(name)).toBeVisible();
  });

  test("creates a routine from an expert's paper text, and from a .txt file with notes to check", async ({
    page,
    routinesPage,
  }) => {
    const name = uniqueName("Paper leave");
    await routinesPage.goto();
    await routinesPage.submitSource("text", paperText(name));
    await routinesPage.expectCreated(name);
    await expect(routinesPage.row(name).getByTestId("routine-steps")).toHaveText("5");
    await expect(routinesPage.row(name).getByTestId("routine-description")).toHaveText(
      "Books days off when the employee has enough leave left.",
    );

    const withGap = uniqueName("With a gap");
    await routinesPage.openNew("text");
    await routinesPage.dialog().getByTestId("new-routine-text-name").fill(withGap);
    await routinesPage
      .dialog()
      .getByTestId("new-routine-text-file")
      .setInputFiles({
        name: "routine.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("Step 1. Greet: say hello;\nStep 3. Close: say goodbye;\n"),
      });
    await expect(routinesPage.sourceBox("text")).toHaveValue(/Step 3\. Close/);
    await routinesPage.dialog().getByTestId("new-routine-submit-text").click();
    await expect(routinesPage.dialog().getByTestId("new-routine-warnings")).toContainText(
      "Line 2: Step 3 follows Step 1",
    );
    await page.getByRole("button", { name: "Back to the library" }).click();
    await routinesPage.expectCreated(withGap);
  });

  test("paper text that cannot be read is refused with its line and column, and nothing is created", async ({
    page,
    routinesPage,
  }) => {
    const name = uniqueName("Unreadable");
    const text = `Routine: ${name}\nStep 1 Check leave balance, using get_leave_balance tool;`;
    await routinesPage.goto();
    await routinesPage.submitSource("text", text);
    await expect(routinesPage.dialog().getByTestId("new-routine-text-alert")).toContainText("nothing was created");
    await expect(routinesPage.dialog().getByTestId("new-routine-text-problems")).toContainText(
      "Line 2, column 8: Put a period after the step number",
    );
    await expect(routinesPage.sourceBox("text")).toHaveValue(text);
    await page.keyboard.press("Escape");
    await routinesPage.searchFor(name.split(" ")[1]);
    await expect(page.getByTestId("routines-no-match")).toBeVisible();
  });

  test("imports a routine from pasted JSON and from a .json file", async ({ routinesPage }) => {
    const pasted = uniqueName("Leave request");
    await routinesPage.goto();
    await routinesPage.submitSource("json", routineJson(pasted));
    await routinesPage.expectCreated(pasted);
    await expect(routinesPage.row(pasted).getByTestId("routine-steps")).toHaveText("2");
    await expect(routinesPage.row(pasted).getByTestId("routine-description")).toHaveText("Imported from JSON");

    const fromFile = uniqueName("From file");
    await routinesPage.openNew("json");
    await routinesPage
      .dialog()
      .getByTestId("new-routine-json-file")
      .setInputFiles({
        name: "routine.json",
        mimeType: "application/json",
        buffer: Buffer.from(routineJson(fromFile)),
      });
    await expect(routinesPage.sourceBox("json")).toHaveValue(/"schemaVersion": 2/);
    await routinesPage.dialog().getByTestId("new-routine-submit-json").click();
    await routinesPage.expectCreated(fromFile);
  });

  test("malformed JSON shows where it is wrong, keeps the text, and creates nothing", async ({
    page,
    routinesPage,
  }) => {
    const name = uniqueName("Broken");
    const broken = `{\n  "schemaVersion": 2,\n  "name": "${name}"\n  "steps": []\n}`;
    await routinesPage.goto();
    await routinesPage.submitSource("json", broken);

    await expect(routinesPage.dialog().getByTestId("new-routine-json-alert")).toContainText("nothing was created");
    await expect(routinesPage.dialog().getByTestId("new-routine-json-problems")).toContainText("Line 4");
    await expect(routinesPage.sourceBox("json")).toHaveValue(broken);

    await routinesPage.dialog().getByTestId("source-problem").first().click();
    await expect(routinesPage.sourceBox("json")).toBeFocused();

    const invalidShape = JSON.stringify({
      schemaVersion: 2,
      id: "x",
      name,
      steps: [{ id: "s", kind: "teleport", name: "Nope" }],
      edges: [],
    });
    await routinesPage.sourceBox("json").fill(invalidShape);
    await routinesPage.dialog().getByTestId("new-routine-submit-json").click();
    await expect(routinesPage.dialog().getByTestId("new-routine-json-problems")).toContainText("steps");

    await page.keyboard.press("Escape");
    await expect(routinesPage.dialog()).toBeHidden();
    await routinesPage.searchFor(name.split(" ")[1]);
    await expect(page.getByTestId("routines-no-match")).toBeVisible();
  });

  test("a blank name is refused and the dialog stays open with the description kept", async ({ routinesPage }) => {
    await routinesPage.goto();
    await routinesPage.openNew("blank");
    await routinesPage.dialog().getByTestId("new-routine-description").fill("Kept after the error");
    await routinesPage.dialog().getByTestId("new-routine-submit-blank").click();
    await expect(routinesPage.dialog().getByTestId("new-routine-name-error")).toContainText("name");
    await expect(routinesPage.dialog().getByTestId("new-routine-description")).toHaveValue("Kept after the error");
  });

  test("duplicates a routine, archives it, finds it under Show archived and restores it", async ({ routinesPage }) => {
    const name = uniqueName("Expense claim");
    await routinesPage.goto();
    await routinesPage.createBlank(name);
    await routinesPage.duplicate(name);
    await expect(routinesPage.row(`Copy of ${name}`).getByTestId("routine-owner")).toHaveText(DEMO.author.name);

    await routinesPage.archive(name);
    await expect(routinesPage.row(name)).toHaveCount(0);
    await expect(routinesPage.row(`Copy of ${name}`)).toBeVisible();

    await routinesPage.setShowArchived(true);
    await expect(routinesPage.row(name).getByTestId("routine-archived")).toBeVisible();
    await routinesPage.restore(name);
    await expect(routinesPage.row(name).getByTestId("routine-archived")).toHaveCount(0);
    await routinesPage.setShowArchived(false);
    await expect(routinesPage.row(name)).toBeVisible();
  });

  test("the New routine dialog works from the keyboard", async ({ page, routinesPage }) => {
    const name = uniqueName("Keyboard");
    await routinesPage.goto();
    await routinesPage.newButton().focus();
    await page.keyboard.press("Enter");
    await expect(routinesPage.dialog()).toBeVisible();
    await routinesPage.dialog().getByTestId("new-routine-tab-blank").focus();
    await page.keyboard.press("ArrowRight");
    await expect(routinesPage.dialog().getByTestId("new-routine-tab-text")).toBeFocused();
    await expect(routinesPage.dialog().getByTestId("new-routine-tab-text")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Tab");
    await expect(routinesPage.dialog().getByTestId("new-routine-name")).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Enter");
    await routinesPage.expectCreated(name);
  });
});

test.describe("as a reviewer", () => {
  test.use({ signedInAs: "reviewer" });

  test("a reviewer reads the library but gets no New, Duplicate or Archive controls", async ({
    page,
    routinesPage,
  }) => {
    const name = uniqueName("For review");
    await dal("author", "createRoutine", { name });

    await routinesPage.goto();
    await expect(routinesPage.row(name)).toBeVisible();
    await expect(routinesPage.newButton()).toHaveCount(0);
    await expect(page.getByTestId("duplicate-routine")).toHaveCount(0);
    await expect(page.getByTestId("archive-routine")).toHaveCount(0);
    await routinesPage.setShowArchived(true);
    await expect(page.getByTestId("restore-routine")).toHaveCount(0);
  });
});

test.describe("as an author, a missing routine", () => {
  test.use({ signedInAs: "author" });

  test("a routine that does not exist answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/routines/no-such-routine");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
  });
});
