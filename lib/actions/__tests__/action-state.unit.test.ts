import { describe, expect, it, vi } from "vitest";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { ConflictError, DatabaseUnavailableError, NotFoundError, StaleSaveError, ValidationError } from "../../db/core";
import { formValues } from "../../forms";
import { loadOrError, toErrorState } from "../action-state";

describe("toErrorState: what a form shows for each failure", () => {
  it("keeps validation messages per field", () => {
    const state = toErrorState(
      new ValidationError("Some fields need attention.", { email: ["Enter a valid email address."] }),
    );
    expect(state).toEqual({
      status: "error",
      message: "Some fields need attention.",
      fieldErrors: { email: ["Enter a valid email address."] },
    });
  });

  it("puts a conflict on the field it concerns", () => {
    expect(toErrorState(new ConflictError("Taken.", "email")).fieldErrors).toEqual({ email: ["Taken."] });
    expect(toErrorState(new ConflictError("Last admin.")).fieldErrors).toBeUndefined();
  });

  it("tells a signed-out user to sign in and a user without the role what is needed", () => {
    expect(toErrorState(new UnauthenticatedError()).message).toMatch(/sign in again/i);
    expect(toErrorState(new ForbiddenError(["admin"])).message).toMatch(/admin role/);
  });

  it("passes on the DAL's own sentences for missing rows and an unavailable database", () => {
    expect(toErrorState(new NotFoundError("That user no longer exists.")).message).toBe("That user no longer exists.");
    expect(toErrorState(new DatabaseUnavailableError("The database is read-only.")).message).toBe(
      "The database is read-only.",
    );
    expect(toErrorState(new StaleSaveError(3)).message).toMatch(/saved this routine since you opened it/);
  });

  it("hides the internals of an unexpected error from the browser but logs them", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const state = toErrorState(new Error("SQL near 'secret_table'"));
    expect(state.message).not.toContain("secret_table");
    expect(state.message).toMatch(/nothing was changed/);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe("formValues", () => {
  it("collects checkbox groups as arrays, even when none is ticked, and drops Next's action fields", () => {
    const form = new FormData();
    form.append("name", "Ada");
    form.append("roles", "author");
    form.append("roles", "admin");
    form.append("$ACTION_ID_abc", "");
    expect(formValues(form, ["roles", "tags"])).toEqual({ name: "Ada", roles: ["author", "admin"], tags: [] });
  });
});

describe("loadOrError", () => {
  it("returns the data, or the message a page shows instead", async () => {
    await expect(loadOrError(async () => [1, 2])).resolves.toEqual({ data: [1, 2], error: null });
    await expect(loadOrError(async () => Promise.reject(new ForbiddenError(["admin"])))).resolves.toMatchObject({
      data: null,
      error: expect.stringMatching(/admin role/),
    });
  });
});
