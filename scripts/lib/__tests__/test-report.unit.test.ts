import { describe, expect, it } from "vitest";
import { browserTestAttempts, percentile, slowest } from "../test-report.mjs";

/** A Playwright JSON report: a file suite with a describe block, one test retried after a failure. */
const report = {
  suites: [
    {
      title: "review.spec.ts",
      specs: [
        { title: "rolls back", tests: [{ projectName: "chromium", results: [{ duration: 4200, status: "passed" }] }] },
      ],
      suites: [
        {
          title: "as the author",
          specs: [
            {
              title: "revises",
              tests: [
                {
                  projectName: "chromium",
                  results: [
                    { duration: 30_000, status: "timedOut" },
                    { duration: 3100, status: "passed" },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      title: "sign-in.setup.ts",
      specs: [
        {
          title: "sign in as the demo author",
          tests: [{ projectName: "sign-in", results: [{ duration: 900, status: "passed" }] }],
        },
      ],
    },
  ],
};

describe("the browser test report", () => {
  it("lists every attempt with its title path, so a retried failure still shows", () => {
    expect(browserTestAttempts(report)).toEqual([
      { title: "review.spec.ts › rolls back", ms: 4200, status: "passed", project: "chromium" },
      { title: "review.spec.ts › as the author › revises", ms: 30_000, status: "timedOut", project: "chromium" },
      { title: "review.spec.ts › as the author › revises", ms: 3100, status: "passed", project: "chromium" },
      { title: "sign-in.setup.ts › sign in as the demo author", ms: 900, status: "passed", project: "sign-in" },
    ]);
    expect(browserTestAttempts(null)).toEqual([]);
  });

  it("orders the slowest first and keeps only as many as asked", () => {
    expect(slowest(browserTestAttempts(report), 2).map((attempt) => attempt.ms)).toEqual([30_000, 4200]);
  });

  it("takes percentiles by nearest rank", () => {
    const values = Array.from({ length: 20 }, (_, index) => (index + 1) * 100);
    expect(percentile(values, 95)).toBe(1900);
    expect(percentile(values, 100)).toBe(2000);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBe(0);
  });
});
