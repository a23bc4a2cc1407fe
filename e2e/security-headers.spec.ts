import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page, Response } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";
import { dal } from "./support/dal";
import { BASE_URL, SAME_ORIGIN } from "./support/env";
import { publishRoutine } from "./support/routines";
import { approvalRoutine } from "./support/runs";

// Issue #15, item 9: every page carries a Content-Security-Policy that the app itself passes (scripts only with the
// page's nonce), refuses to be framed, and sends no full Referer or sniffable content. The attacks: a script injected
// into the page does not run, and another site cannot frame the app.

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

function expectSecurityHeaders(response: Response | null) {
  const headers = response?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  // Served over http (the test server's origin): no HSTS, which would lock a developer's browser out of localhost.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

test.describe("signed out", () => {
  test("the sign-in page passes its own policy, and a script injected into it does not run", async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto("/sign-in");
    expectSecurityHeaders(response);
    await expect(page.getByTestId("sign-in-form")).toBeVisible();
    // The theme toggle works: the page hydrated, its scripts ran under the policy.
    await page.getByRole("radio", { name: "Dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await violations()).toEqual([]);

    // What an XSS does once markup of its choosing reaches the page: an inline handler that runs script.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        "beforeend",
        `<img src="/no-such-image.png" onerror="window.__injected = true">`,
      ),
    );
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src/)]);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });

  test("another site cannot frame the app", async ({ page }) => {
    // An attacker's page that frames the sign-in page (clickjacking), served by a real server on 127.0.0.1: another
    // origin than the app's localhost, yet as local, so the browser's own local-network checks do not step in.
    const attacker = createServer((_request, response) => {
      response.setHeader("content-type", "text/html");
      response.end(`<iframe src="${BASE_URL}/sign-in" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    try {
      const framed = page.waitForResponse(`${BASE_URL}/sign-in`);
      const blocked = page.waitForEvent("requestfailed");
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      expectSecurityHeaders(await framed);
      // The browser refused to show it because of those headers: no sign-in form in any frame.
      expect((await blocked).failure()?.errorText).toBe("net::ERR_BLOCKED_BY_RESPONSE");
      for (const frame of page.frames()) await expect(frame.getByTestId("sign-in-form")).toHaveCount(0);
    } finally {
      attacker.close();
    }
  });
});

test.describe("signed in", () => {
  test.use({ signedInAs: "operator" });

  test("the canvas pages and the API pass the policy and carry the headers", async ({ page, pageAs }) => {
    const routineId = await publishRoutine(approvalRoutine(uniqueName("CSP")));
    const started = await page.request.post("/api/runs", {
      headers: SAME_ORIGIN,
      data: { routineId, inputs: { employee_id: "E1024" } },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { runId } = (await started.json()) as { runId: string };
    const status = (await page.request.get(`/api/runs/${runId}`)).headers();
    expect(status["x-content-type-options"]).toBe("nosniff");
    expect(status["strict-transport-security"]).toBeUndefined();

    const violations = await watchViolations(page);
    expectSecurityHeaders(await page.goto(`/runs/${runId}`));
    await expect(page.getByTestId("run-node-lookup")).toBeVisible();
    expectSecurityHeaders(await page.goto(`/routines/${routineId}`));
    await expect(page.getByTestId("step-node-lookup")).toBeVisible();
    expect(await violations()).toEqual([]);

    const reviewer = await pageAs("reviewer");
    const reviewerViolations = await watchViolations(reviewer);
    const { versionNumber } = await dal("author", "workingVersion", { routineId });
    expectSecurityHeaders(await reviewer.goto(`/routines/${routineId}/review/${versionNumber}`));
    await expect(reviewer.getByTestId("review-workspace")).toBeVisible();
    expect(await reviewerViolations()).toEqual([]);
  });
});
