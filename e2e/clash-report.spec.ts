import { expect, test, uniqueName } from "./fixtures";
import { ReviewPage } from "./pages/review-page";
import { dal } from "./support/dal";
import { publishRoutine } from "./support/routines";
import { approvalRoutine } from "./support/runs";

// Procedure memory holds every published routine, those of other tests and earlier runs too: each test makes up
// words no other routine has, so the clashes it looks for are between its own routines only.
function madeUpWords(count: number): string[] {
  const letters = "bcdfghjklmnpqrstvwxz";
  return Array.from({ length: count }, () =>
    Array.from({ length: 9 }, () => letters[Math.floor(Math.random() * letters.length)]).join(""),
  );
}

/** An approval routine whose description and intents are made of `words`: only a request with them finds it. */
function described(name: string, words: string[], intents: string[]) {
  return { ...approvalRoutine(name), description: `Handles ${words.join(" ")}.`, intents };
}

test.describe("clash report", () => {
  test.use({ signedInAs: "author" });

  test("the library shows two published routines whose intents retrieve each other, and with what", async ({
    page,
  }) => {
    const words = madeUpWords(3);
    const intent = words.join(" ");
    const first = uniqueName("Clash first");
    const second = uniqueName("Clash second");
    // The same intent and description: each routine's example request finds the other as well as itself.
    const firstId = await publishRoutine(described(first, words, [intent]));
    const secondId = await publishRoutine(described(second, words, [intent]));

    await page.goto("/routines");
    const row = (id: string) => page.locator(`[data-testid="routine-row"][data-routine-id="${id}"]`);
    await expect(row(firstId).getByTestId("routine-clash-badge")).toBeVisible();
    await expect(row(secondId).getByTestId("routine-clash-badge")).toHaveAttribute("title", new RegExp(first));

    const report = page.getByTestId("clash-report");
    await report.getByTestId("clash-report-toggle").click();
    const pair = report.locator(
      `[data-testid="clash-pair"][data-routines~="${firstId}"][data-routines~="${secondId}"]`,
    );
    await expect(pair).toBeVisible();
    await expect(pair).toContainText(first);
    await expect(pair).toContainText(second);
    await expect(pair.getByTestId("clash-intent").first()).toContainText(intent);
  });

  test("the review of a version whose intent collides with another routine's names that routine and the intent", async ({
    pageAs,
  }) => {
    const [taken, own] = [madeUpWords(3), madeUpWords(3)];
    const intent = taken.join(" ");
    const other = uniqueName("Clash published");
    const mine = uniqueName("Clash reviewed");
    const otherId = await publishRoutine(described(other, taken, [intent]));
    const mineId = await publishRoutine(described(mine, own, [own.join(" ")]));

    // Version 2 of "mine" takes the other routine's words and intent, and goes to review.
    await dal("author", "startNewDraft", { routineId: mineId });
    await dal("author", "saveDraft", { routineId: mineId, routine: described(mine, taken, [intent]) });
    await dal("author", "submitForReview", { routineId: mineId });

    const reviewerPage = await pageAs("reviewer");
    const review = new ReviewPage(reviewerPage);
    await review.goto(mineId, 2);
    const notice = reviewerPage.getByTestId("review-clashes");
    await expect(notice).toBeVisible();
    // One line naming the other routine; the intents unfold on demand.
    await expect(notice.getByTestId("review-clashes-toggle")).toContainText(other);
    await notice.getByTestId("review-clashes-toggle").click();
    const clash = notice.locator(`[data-testid="review-clash"][data-routine-id="${otherId}"]`);
    await expect(clash).toContainText(other);
    await expect(clash.getByTestId("clash-intent").first()).toContainText(intent);

    // The published version 1 used its own words: its review shows no clash.
    await review.goto(mineId, 1);
    await expect(reviewerPage.getByTestId("review-clashes")).toHaveCount(0);
  });
});
