import { beforeAll, describe, expect, it, vi } from "vitest";
import { signedIn } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { DEFAULT_MEMORY_THRESHOLDS } from "../../memory";
import { prisma, ValidationError } from "../core";
import { getMemoryThresholds, MEMORY_THRESHOLDS_KEY, retrieveRoutines, updateMemoryThresholds } from "../memory";
import { seedDatabase } from "../../demo/seed";
import { as } from "../testing/review-test-support";
import { publishNew, SICK_LEAVE, taskRoutine } from "./memory-support";

// The admin's thresholds: stored in `setting`, validated, audited, and used by the very next retrieval.

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  await publishNew(taskRoutine(SICK_LEAVE));
});

const stored = async () => ({
  setting: await prisma.setting.findUnique({ where: { key: MEMORY_THRESHOLDS_KEY } }),
  audit: await prisma.auditLog.count({ where: { action: "settings.memory_updated" } }),
});

describe("memory thresholds", () => {
  it("start at lib/memory's defaults, then an admin's values are saved, audited and decide the next retrieval", async () => {
    await as("admin");
    expect(await getMemoryThresholds(signedIn())).toMatchObject({
      thresholds: DEFAULT_MEMORY_THRESHOLDS,
      isDefault: true,
    });
    const request = "report sick leave for tomorrow";
    const before = await retrieveRoutines(signedIn(), request);
    expect(before).toMatchObject({ decision: "match", thresholds: DEFAULT_MEMORY_THRESHOLDS });
    const top = before.candidates[0].score;

    // A minimum score above the best candidate's turns the same request into "none".
    const strict = { minScore: Math.min(1, Number((top + 0.01).toFixed(2))), ambiguityMargin: 0.1 };
    await expect(updateMemoryThresholds(signedIn(), strict)).resolves.toMatchObject({ changed: true });
    const view = await getMemoryThresholds(signedIn());
    expect(view).toMatchObject({ thresholds: strict, isDefault: false, updatedBy: "admin@example.com" });
    await as("operator");
    const after = await retrieveRoutines(signedIn(), request);
    expect(after).toMatchObject({ decision: "none", thresholds: strict });
    expect(after.candidates[0].score).toBe(top);

    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { action: "settings.memory_updated" },
      orderBy: { at: "desc" },
    });
    expect(JSON.parse(entry.detail!)).toEqual({ previous: DEFAULT_MEMORY_THRESHOLDS, thresholds: strict });

    await as("admin");
    await updateMemoryThresholds(signedIn(), DEFAULT_MEMORY_THRESHOLDS);
    expect((await retrieveRoutines(signedIn(), request)).decision).toBe("match");
  });

  it("refuses everyone but admins, reading or writing, and writes nothing", async () => {
    const start = await stored();
    for (const who of ["author", "reviewer", "operator"] as const) {
      await as(who);
      await expect(getMemoryThresholds(signedIn())).rejects.toBeInstanceOf(ForbiddenError);
      await expect(updateMemoryThresholds(signedIn(), { minScore: 0.9, ambiguityMargin: 0.2 })).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    }
    await expect(updateMemoryThresholds(null, { minScore: 0.9, ambiguityMargin: 0.2 })).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
    expect(await stored()).toEqual(start);
  });

  it("refuses values out of range or not numbers, naming the field, and saves neither half", async () => {
    await as("admin");
    await updateMemoryThresholds(signedIn(), { minScore: 0.4, ambiguityMargin: 0.05 });
    const start = await stored();
    const refusal = async (input: unknown) => {
      const error = await updateMemoryThresholds(signedIn(), input as never).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).fieldErrors;
    };
    // A valid minimum score beside an invalid margin: nothing is saved, not even the valid half.
    expect(await refusal({ minScore: 0.9, ambiguityMargin: 0.8 })).toEqual({
      ambiguityMargin: ["The ambiguity margin is between 0 and 0.5."],
    });
    expect((await refusal({ minScore: -1, ambiguityMargin: 0.1 })).minScore).toEqual([
      "The minimum score is between 0 and 1.",
    ]);
    expect(Object.keys(await refusal({ minScore: Number.NaN, ambiguityMargin: "x" }))).toEqual([
      "minScore",
      "ambiguityMargin",
    ]);
    expect(await stored()).toEqual(start);
    expect((await getMemoryThresholds(signedIn())).thresholds).toEqual({ minScore: 0.4, ambiguityMargin: 0.05 });
  });

  it("falls back to the defaults when the stored value is unreadable", async () => {
    await prisma.setting.update({ where: { key: MEMORY_THRESHOLDS_KEY }, data: { value: '{"minScore":"high"}' } });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await as("admin");
    expect(await getMemoryThresholds(signedIn())).toMatchObject({
      thresholds: DEFAULT_MEMORY_THRESHOLDS,
      isDefault: true,
    });
    expect((await retrieveRoutines(signedIn(), "report sick leave")).thresholds).toEqual(DEFAULT_MEMORY_THRESHOLDS);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("unreadable"));
    logged.mockRestore();
  });
});
