import { beforeAll, describe, expect, it, vi } from "vitest";
import { signedIn } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { DEFAULT_CONTEXT_SETTINGS } from "../../context-modes";
import { prisma, ValidationError } from "../core";
import {
  contextSettingsInEffect,
  getRunContextSettings,
  RUN_CONTEXT_KEY,
  updateRunContextSettings,
} from "../../runs/operations";
import { seedDatabase } from "../../demo/seed";
import { as } from "../testing/review-test-support";

// The admin's context settings for new runs: stored in `setting`, validated, audited, read by every run start.

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

const stored = async () => ({
  setting: await prisma.setting.findUnique({ where: { key: RUN_CONTEXT_KEY } }),
  audit: await prisma.auditLog.count({ where: { action: "settings.context_updated" } }),
});

const FULL = { mode: "full", lookahead: 4, budgetTokens: 12_000, compressTokens: 600 } as const;

describe("run context settings", () => {
  it("start at the engine's defaults, then an admin's values are saved, audited and in effect for new runs", async () => {
    await as("admin");
    expect(await getRunContextSettings(signedIn())).toMatchObject({
      settings: DEFAULT_CONTEXT_SETTINGS,
      isDefault: true,
      updatedBy: null,
    });
    expect(await contextSettingsInEffect()).toEqual(DEFAULT_CONTEXT_SETTINGS);

    await expect(updateRunContextSettings(signedIn(), FULL)).resolves.toMatchObject({
      changed: true,
      previous: DEFAULT_CONTEXT_SETTINGS,
    });
    expect(await getRunContextSettings(signedIn())).toMatchObject({
      settings: FULL,
      isDefault: false,
      updatedBy: "admin@example.com",
    });
    expect(await contextSettingsInEffect()).toEqual(FULL);

    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { action: "settings.context_updated" },
      orderBy: { at: "desc" },
    });
    expect(entry).toMatchObject({ actorEmail: "admin@example.com", targetId: RUN_CONTEXT_KEY });
    expect(JSON.parse(entry.detail!)).toEqual({ previous: DEFAULT_CONTEXT_SETTINGS, settings: FULL });

    // Saving the same values again changes nothing and records nothing.
    const before = await stored();
    await expect(updateRunContextSettings(signedIn(), FULL)).resolves.toMatchObject({ changed: false });
    expect((await stored()).audit).toBe(before.audit);
  });

  it("refuses everyone but admins, reading or writing, and writes nothing", async () => {
    const start = await stored();
    for (const who of ["author", "reviewer", "operator"] as const) {
      await as(who);
      await expect(getRunContextSettings(signedIn())).rejects.toBeInstanceOf(ForbiddenError);
      await expect(updateRunContextSettings(signedIn(), DEFAULT_CONTEXT_SETTINGS)).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    }
    await expect(updateRunContextSettings(null, DEFAULT_CONTEXT_SETTINGS)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(await stored()).toEqual(start);
  });

  it("refuses a bad value with the setting's own message, and saves none of the others", async () => {
    await as("admin");
    await updateRunContextSettings(signedIn(), FULL);
    const start = await stored();
    const refusal = async (input: unknown) => {
      const error = await updateRunContextSettings(signedIn(), input as never).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).fieldErrors;
    };
    // A valid mode beside a lookahead out of range: nothing is saved, not even the valid part.
    expect(await refusal({ ...FULL, mode: "plan-aware", lookahead: 51 })).toEqual({
      lookahead: ["The lookahead must be between 0 and 50."],
    });
    expect(await refusal({ ...FULL, mode: "everything" })).toEqual({
      mode: ["Choose full history, plan-aware or compressed."],
    });
    expect(await refusal({ ...FULL, budgetTokens: 100 })).toEqual({
      budgetTokens: ["The token budget must be between 500 and 1,000,000."],
    });
    expect(await refusal({ ...FULL, compressTokens: 12.5 })).toEqual({
      compressTokens: ["Enter the compressor budget as a whole number."],
    });
    expect(Object.keys(await refusal({ mode: "full", lookahead: Number.NaN }))).toEqual([
      "lookahead",
      "budgetTokens",
      "compressTokens",
    ]);
    expect(await stored()).toEqual(start);
    expect(await contextSettingsInEffect()).toEqual(FULL);
  });

  it("falls back to the defaults when the stored value is unreadable", async () => {
    await prisma.setting.update({ where: { key: RUN_CONTEXT_KEY }, data: { value: '{"mode":"everything"}' } });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await as("admin");
    expect(await getRunContextSettings(signedIn())).toMatchObject({
      settings: DEFAULT_CONTEXT_SETTINGS,
      isDefault: true,
    });
    expect(await contextSettingsInEffect()).toEqual(DEFAULT_CONTEXT_SETTINGS);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("unreadable"));
    logged.mockRestore();
  });
});
