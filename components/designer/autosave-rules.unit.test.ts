import { describe, expect, it } from "vitest";
import { afterSave, leavingLosesChanges, savesNow } from "./autosave-rules";

type Designer = Parameters<typeof savesNow>[0];
const designer = (status: Designer["save"]["status"], canEdit = true): Designer => ({
  save: { status, revision: 4 },
  canEdit,
});

describe("savesNow", () => {
  it("saves a changed draft, and retries one whose last save failed", () => {
    expect(savesNow(designer("dirty"), false)).toBe(true);
    expect(savesNow(designer("error"), false)).toBe(true);
  });

  it("sends one save at a time: a change made during a save waits for it", () => {
    expect(savesNow(designer("dirty"), true)).toBe(false);
  });

  it("sends nothing when there is nothing new or a save is already under way", () => {
    expect(savesNow(designer("saved"), false)).toBe(false);
    expect(savesNow(designer("saving"), false)).toBe(false);
  });

  it("stops after a stale save until the person chooses which version to keep", () => {
    expect(savesNow(designer("stale"), false)).toBe(false);
  });

  it("never saves for someone who may only read the routine", () => {
    expect(savesNow(designer("dirty", false), false)).toBe(false);
  });
});

describe("afterSave", () => {
  it("marks the draft saved at the server's new revision", () => {
    expect(afterSave({ status: "saved", revision: 5 }, false)).toEqual({
      save: { status: "saved", revision: 5 },
      next: "wait",
    });
  });

  it("keeps changes made during the save unsaved and saves them next, so no keystroke is lost", () => {
    expect(afterSave({ status: "saved", revision: 5 }, true)).toEqual({
      save: { status: "dirty", revision: 5 },
      next: "save-soon",
    });
  });

  it("reports a draft changed elsewhere as stale, with the revision it now has, and waits", () => {
    expect(afterSave({ status: "stale", currentRevision: 9 }, true)).toEqual({
      save: { status: "stale", currentRevision: 9 },
      next: "wait",
    });
  });

  it("shows the server's error and retries later", () => {
    expect(afterSave({ status: "error", message: "The routine is locked." }, false)).toEqual({
      save: { status: "error", message: "The routine is locked." },
      next: "retry-later",
    });
  });
});

describe("leavingLosesChanges", () => {
  it("asks before leaving with changes not yet saved, being saved, failed or stale", () => {
    const unsaved: Array<Designer["save"]["status"]> = ["dirty", "saving", "error", "stale"];
    expect(unsaved.filter((status) => !leavingLosesChanges(status))).toEqual([]);
  });

  it("lets a person leave freely once everything is saved", () => {
    expect(leavingLosesChanges("saved")).toBe(false);
  });
});
