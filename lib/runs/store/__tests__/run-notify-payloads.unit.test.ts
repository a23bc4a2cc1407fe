import { describe, expect, it } from "vitest";
import { notificationPayloads } from "../run-postgres";

// A group commit announces every run it changed in one notification, a line each; PostgreSQL refuses payloads of
// 8000 bytes or more, so a large group's lines are split over several.
describe("notification payloads", () => {
  it("puts every run of a commit in one payload, a line each", () => {
    expect(notificationPayloads(["run-a 3", "run-b 7"])).toEqual(["run-a 3\nrun-b 7"]);
    expect(notificationPayloads([])).toEqual([]);
  });

  it("splits lines over several payloads below PostgreSQL's limit, never splitting a line", () => {
    const lines = Array.from({ length: 500 }, (_, index) => `${crypto.randomUUID()} ${index + 1}`);
    const payloads = notificationPayloads(lines);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap((payload) => payload.split("\n"))).toEqual(lines);
  });
});
