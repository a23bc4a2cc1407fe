import { revalidatePath } from "next/cache";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signedIn } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { getMcpExposure, MCP_HIDDEN_ROUTINES_KEY } from "@/lib/db/integrations";
import { seedDatabase } from "@/lib/demo/seed";
import { makeRoutine } from "@/lib/db/testing/routine-factories";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { publishedRoutine } from "@/lib/runs/store/testing/run-test-support";
import { setRoutineMcpHiddenAction } from "../actions";

vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

// Settings → Integrations: an admin hides a published routine from MCP clients and shows it again.

let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const routine = makeRoutine({ name: "Check a leave balance" });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("author"), routine }));
});

const stored = async () => ({
  setting: await prisma.setting.findUnique({ where: { key: MCP_HIDDEN_ROUTINES_KEY } }),
  audit: await prisma.auditLog.count({ where: { action: "settings.mcp_visibility_updated" } }),
});

const hiddenOnPage = async () => {
  await as("admin");
  return (await getMcpExposure(signedIn())).find((entry) => entry.routineId === routineId)?.hidden;
};

describe("hiding a routine from MCP", () => {
  it("refuses everyone but admins, and writes nothing", async () => {
    const start = await stored();
    for (const who of ["operator", "author", "reviewer", "anonymous"] as const) {
      await as(who);
      const state = await setRoutineMcpHiddenAction(idleState, formData({ routineId, hidden: "true" }));
      expect(state, who).toMatchObject({ status: "error" });
    }
    expect(await stored()).toEqual(start);
    expect(await hiddenOnPage()).toBe(false);
  });

  it("refuses a malformed request with a sentence per field, and writes nothing", async () => {
    const start = await stored();
    await as("admin");
    expect(await setRoutineMcpHiddenAction(idleState, formData({ routineId: " ", hidden: "maybe" }))).toEqual({
      status: "error",
      message: "That request was malformed; reload the page and try again.",
      fieldErrors: {
        routineId: ["Give the routine id."],
        hidden: ['Say whether to hide the routine: "true" or "false".'],
      },
    });
    expect(await setRoutineMcpHiddenAction(idleState, formData({ routineId }))).toMatchObject({
      status: "error",
      fieldErrors: { hidden: ['Say whether to hide the routine: "true" or "false".'] },
    });
    expect(await stored()).toEqual(start);
  });

  it("says so when the routine does not exist, and writes nothing", async () => {
    const start = await stored();
    await as("admin");
    expect(
      await setRoutineMcpHiddenAction(idleState, formData({ routineId: "no-such-routine", hidden: "true" })),
    ).toEqual({ status: "error", message: "That routine does not exist." });
    expect(await stored()).toEqual(start);
  });

  it("lets an admin hide a routine and show it again, each change audited", async () => {
    const start = await stored();
    await as("admin");
    expect(await setRoutineMcpHiddenAction(idleState, formData({ routineId, hidden: "true" }))).toEqual({
      status: "success",
      message: "Hidden: MCP clients no longer see it from their next tool list.",
    });
    expect(await hiddenOnPage()).toBe(true);
    expect(revalidatePath).toHaveBeenCalledWith("/settings/integrations");

    await as("admin");
    expect(await setRoutineMcpHiddenAction(idleState, formData({ routineId, hidden: "true" }))).toEqual({
      status: "success",
      message: "It was already hidden. Nothing changed.",
    });

    await as("admin");
    expect(await setRoutineMcpHiddenAction(idleState, formData({ routineId, hidden: "false" }))).toEqual({
      status: "success",
      message: "Offered again: MCP clients see it from their next tool list.",
    });
    expect(await hiddenOnPage()).toBe(false);

    const audit = await prisma.auditLog.findMany({
      where: { action: "settings.mcp_visibility_updated", targetType: "routine", targetId: routineId },
    });
    expect(audit.map((entry) => JSON.parse(entry.detail ?? "{}").hidden).sort()).toEqual([false, true, true]);
    expect((await stored()).audit).toBe(start.audit + 3);
  });
});
