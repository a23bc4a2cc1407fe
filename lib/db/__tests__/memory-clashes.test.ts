import { beforeAll, describe, expect, it, vi } from "vitest";
import { signedIn } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import type { Clash } from "../../memory";
import { NotFoundError, prisma, ValidationError } from "../core";
import { clashesForVersion, listClashes, updateMemoryThresholds } from "../memory";
import { startNewDraft } from "../reviews";
import { archiveRoutine, saveRoutineDraft } from "../routines";
import { seedDatabase } from "../../demo/seed";
import { as } from "../testing/review-test-support";
import { LAPTOP, publishNew, publishNext, SICK_LEAVE, taskRoutine } from "./memory-support";

// The clash report through the real DAL over SQLite, with routines published through the real review flow.

const HOTEL = {
  name: "Book a hotel",
  description: "Books a hotel room for a business trip.",
  intents: ["book a hotel room for my business trip"],
  step: "Book the hotel room",
};
/** Its intent asks for a hotel: the hotel routine's request. */
const TRAVEL = {
  name: "Plan a business trip",
  description: "Plans the itinerary and the flights of a business trip.",
  intents: ["book a hotel for my trip to Berlin", "plan the flights for my business trip"],
  step: "Plan the itinerary",
};
const TRAVEL_FIXED = { ...TRAVEL, intents: ["plan the flights and itinerary for my trip to Berlin"] };

let hotel: { routineId: string; versionId: string };
let travel: { routineId: string; versionId: string };
let laptop: { routineId: string; versionId: string };

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hotel = await publishNew(taskRoutine(HOTEL));
  travel = await publishNew(taskRoutine(TRAVEL));
  laptop = await publishNew(taskRoutine(LAPTOP));
  await publishNew(taskRoutine(SICK_LEAVE));
});

const involving = (clashes: Clash[], routineId: string) =>
  clashes.filter((clash) => clash.routines.some((routine) => routine.routineId === routineId));

const listAs = async (who: "author" | "reviewer" | "admin") => {
  await as(who);
  return listClashes(signedIn());
};

describe("listClashes", () => {
  it("names the two routines whose intents retrieve each other, with the intent and the scores", async () => {
    for (const who of ["author", "reviewer", "admin"] as const) {
      const clashes = involving(await listAs(who), travel.routineId);
      expect(clashes).toHaveLength(1);
      expect(clashes[0].routines.map((routine) => routine.name)).toEqual([HOTEL.name, TRAVEL.name]);
      expect(clashes[0].intents).toEqual([
        expect.objectContaining({
          intent: "book a hotel for my trip to Berlin",
          from: { routineId: travel.routineId, versionId: travel.versionId, name: TRAVEL.name },
          to: { routineId: hotel.routineId, versionId: hotel.versionId, name: HOTEL.name },
          kind: "outranks",
          toScore: expect.any(Number),
        }),
      ]);
    }
    // Routines that each answer their own intents are in no clash.
    const all = await listAs("author");
    expect(involving(all, laptop.routineId)).toEqual([]);
  });

  it("follows a publish, the thresholds and an archive on the next call", async () => {
    // A new version of the travel routine without the hotel intent: the clash is gone.
    const v2 = await publishNext(travel.routineId, taskRoutine(TRAVEL_FIXED));
    expect(involving(await listAs("author"), travel.routineId)).toEqual([]);

    // Back to an intent that asks for a hotel: the clash returns, naming the new version.
    const v3 = await publishNext(travel.routineId, taskRoutine(TRAVEL));
    const back = involving(await listAs("reviewer"), travel.routineId);
    expect(back[0].intents[0].from.versionId).toBe(v3);
    expect(v3).not.toBe(v2);

    // The admin's minimum score above every score: retrieval answers "none", so nothing clashes.
    await as("admin");
    await updateMemoryThresholds(signedIn(), { minScore: 1, ambiguityMargin: 0.03 });
    try {
      expect(await listAs("author")).toEqual([]);
    } finally {
      await as("admin");
      await updateMemoryThresholds(signedIn(), { minScore: 0.22, ambiguityMargin: 0.03 });
    }
    expect(involving(await listAs("author"), travel.routineId)).toHaveLength(1);

    // An archived routine is no longer retrieved, so it clashes with nothing.
    const archived = await publishNew(taskRoutine({ ...TRAVEL, name: "Plan a trip abroad" }));
    expect(involving(await listAs("author"), archived.routineId).length).toBeGreaterThan(0);
    await as("author");
    await archiveRoutine(signedIn(), { routineId: archived.routineId });
    expect(involving(await listAs("author"), archived.routineId)).toEqual([]);
  });

  it("refuses the signed-out and operators before reading anything", async () => {
    const spy = vi.spyOn(prisma.routine, "findMany");
    try {
      await as("anonymous");
      await expect(listClashes(signedIn())).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(listClashes(null)).rejects.toBeInstanceOf(UnauthenticatedError);
      await as("operator");
      await expect(listClashes(signedIn())).rejects.toBeInstanceOf(ForbiddenError);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("clashesForVersion", () => {
  /** A new draft of the laptop routine whose intent is the hotel routine's request. */
  async function hotelDraftOfLaptop(): Promise<string> {
    await as("author");
    const draft = await startNewDraft(signedIn(), { routineId: laptop.routineId });
    await saveRoutineDraft(signedIn(), {
      routineId: laptop.routineId,
      baseRevision: draft.revision,
      routine: taskRoutine({ ...LAPTOP, intents: [...LAPTOP.intents, "book a hotel room for my business trip"] }),
    });
    return draft.versionId;
  }

  it("names the published routine a version's intent collides with, and not its own routine's published version", async () => {
    const versionId = await hotelDraftOfLaptop();
    for (const who of ["reviewer", "author", "admin"] as const) {
      await as(who);
      const report = await clashesForVersion(signedIn(), versionId);
      expect(report).toMatchObject({ routineId: laptop.routineId, versionId });
      // Every clash involves the version's routine; the hotel routine is among them (the travel routine, whose
      // intent asks for a hotel too, may be as well).
      for (const clash of report.clashes) {
        expect(clash.routines.map((routine) => routine.routineId)).toContain(laptop.routineId);
      }
      const withHotel = involving(report.clashes, hotel.routineId);
      expect(withHotel).toHaveLength(1);
      const intents = withHotel[0].intents;
      expect(intents.map((clash) => clash.intent)).toContain("book a hotel room for my business trip");
      for (const clash of intents) {
        const own = clash.from.routineId === laptop.routineId ? clash.from : clash.to;
        expect(own.versionId).toBe(versionId);
      }
    }
    // The author rewords the draft: the next check follows its content, though its id is the same.
    await as("author");
    const { revision } = await prisma.routineVersion.findUniqueOrThrow({ where: { id: versionId } });
    const reworded = await saveRoutineDraft(signedIn(), {
      routineId: laptop.routineId,
      baseRevision: revision,
      routine: taskRoutine(LAPTOP),
    });
    await as("reviewer");
    expect(involving((await clashesForVersion(signedIn(), versionId)).clashes, hotel.routineId)).toEqual([]);
    await as("author");
    await saveRoutineDraft(signedIn(), {
      routineId: laptop.routineId,
      baseRevision: reworded.revision,
      routine: taskRoutine({ ...LAPTOP, intents: [...LAPTOP.intents, "book a hotel room for my business trip"] }),
    });
    await as("reviewer");
    expect(involving((await clashesForVersion(signedIn(), versionId)).clashes, hotel.routineId)).toHaveLength(1);

    // The library report still shows no clash for the laptop routine: the draft is not published.
    expect(involving(await listAs("author"), laptop.routineId)).toEqual([]);

    // The published version of the same routine checks clean.
    await as("reviewer");
    expect((await clashesForVersion(signedIn(), laptop.versionId)).clashes).toEqual([]);
  });

  it("refuses operators and the signed-out, an unknown version and an invalid id", async () => {
    await as("operator");
    await expect(clashesForVersion(signedIn(), laptop.versionId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(clashesForVersion(null, laptop.versionId)).rejects.toBeInstanceOf(UnauthenticatedError);
    await as("reviewer");
    await expect(clashesForVersion(signedIn(), "no-such-version")).rejects.toBeInstanceOf(NotFoundError);
    await expect(clashesForVersion(signedIn(), "")).rejects.toBeInstanceOf(ValidationError);
    await expect(clashesForVersion(signedIn(), 42 as unknown as string)).rejects.toBeInstanceOf(ValidationError);
  });

  it("says clearly when the version's stored content cannot be read", async () => {
    const versionId = await hotelDraftOfLaptop().catch(async () => {
      // The laptop routine already has a working draft from the test above: reuse it.
      const row = await prisma.routineVersion.findFirstOrThrow({
        where: { routineId: laptop.routineId, status: "draft" },
        select: { id: true },
      });
      return row.id;
    });
    await prisma.routineVersion.update({ where: { id: versionId }, data: { content: "{not json" } });
    await as("reviewer");
    await expect(clashesForVersion(signedIn(), versionId)).rejects.toThrow(/cannot be read/);
  });
});
