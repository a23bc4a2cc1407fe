import { expect, test } from "./fixtures";

// Settings → Run workers, and the health endpoint beside it. The e2e server runs its embedded run worker, which
// registers itself and beats: that worker is what these tests see.

test.describe("as an admin", () => {
  test.use({ signedInAs: "admin" });

  test("an admin opens Settings → Run workers and sees the server's embedded worker alive", async ({ page }) => {
    await page.goto("/settings");
    await page.getByTestId("settings-workers").click();
    await expect(page.getByRole("heading", { name: "Run workers" })).toBeVisible();
    const alive = page.locator('[data-testid="worker-row"][data-status="alive"]');
    await expect(alive.first()).toBeVisible();
    await expect(alive.first().getByTestId("worker-status")).toHaveText("Alive");
    await expect(alive.first().getByTestId("worker-pid")).toHaveText(/^\d+$/);
    await expect(alive.first().getByTestId("worker-heartbeat")).toHaveText(/\d+ s ago/);
    await expect(page.getByTestId("workers-load-error")).toHaveCount(0);
  });
});

test.describe("as an operator", () => {
  test.use({ signedInAs: "operator" });

  test("an operator is refused the workers page with the message other settings pages give", async ({ page }) => {
    await page.goto("/settings/workers");
    await expect(page.getByTestId("access-denied")).toBeVisible();
    await expect(page.getByTestId("access-denied-message")).toContainText("needs the admin role");
    await expect(page.getByTestId("workers-table")).toHaveCount(0);
  });
});

test("the health endpoint answers load balancers without a sign-in: ok, uncached, a worker seen", async ({
  request,
}) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = (await response.json()) as {
    status: string;
    checks: { database: { ok: boolean }; workers: { ok: boolean; seenRecently: number } };
  };
  expect(body.status).toBe("ok");
  expect(body.checks.database.ok).toBe(true);
  expect(body.checks.workers.seenRecently).toBeGreaterThanOrEqual(1);
});
