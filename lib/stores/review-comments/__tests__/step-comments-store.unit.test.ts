import { describe, expect, it } from "vitest";
import { createStepCommentsStore, type OpenComment } from "../step-comments-store";

const comment = (id: string, stepId: string | null): OpenComment => ({
  id,
  stepId,
  body: `Comment ${id}`,
  authorName: "Rosa",
  createdAt: "2026-11-01T10:00:00.000Z",
  canResolve: true,
});

describe("step comments store", () => {
  it("counts open comments per step, leaving out comments on the whole version", () => {
    const store = createStepCommentsStore([
      comment("a", "check"),
      comment("b", "check"),
      comment("c", null),
      comment("d", "done"),
    ]);
    expect(store.getState().countByStep).toEqual({ check: 2, done: 1 });
  });

  it("recounts when a comment is resolved, and leaves other steps' counts as they were", () => {
    const store = createStepCommentsStore([comment("a", "check"), comment("b", "check"), comment("d", "done")]);
    store.getState().remove("a");
    expect(store.getState().countByStep).toEqual({ check: 1, done: 1 });
    expect(store.getState().comments.map((item) => item.id)).toEqual(["b", "d"]);
  });

  it("ignores an unknown id without notifying anyone", () => {
    const store = createStepCommentsStore([comment("a", "check")]);
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.getState().remove("zzz");
    expect(notified).toBe(0);
  });

  it("takes the server's list when the page re-renders", () => {
    const store = createStepCommentsStore([comment("a", "check")]);
    store.getState().replace([comment("e", "notify")]);
    expect(store.getState().countByStep).toEqual({ notify: 1 });
  });
});
