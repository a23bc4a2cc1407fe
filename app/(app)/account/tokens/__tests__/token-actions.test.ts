import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { viewerFromApiToken } from "@/lib/db/users";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { as } from "@/lib/db/testing/review-test-support";
import { createApiTokenAction, revokeApiTokenAction } from "../actions";

vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

describe("the API tokens page's actions", () => {
  it("creates a named token shown once, and revokes it; another user's token is not found", async () => {
    await as("reviewer");
    expect(await createApiTokenAction(idleState, formData({ name: "" }))).toMatchObject({
      status: "error",
      fieldErrors: { name: [expect.stringMatching(/Give the token a name/)] },
    });
    const created = await createApiTokenAction(idleState, formData({ name: "Reporting" }));
    expect(created).toMatchObject({
      status: "success",
      data: { name: "Reporting", token: expect.stringMatching(/^rs_/) },
    });
    const token = (created as { data: { token: string } }).data.token;
    expect(await viewerFromApiToken(token)).toMatchObject({ email: "reviewer@example.com" });
    const { id } = await prisma.apiToken.findFirstOrThrow({ where: { name: "Reporting" } });

    await as("operator");
    expect(await revokeApiTokenAction(idleState, formData({ tokenId: id }))).toEqual({
      status: "error",
      message: "That token does not exist (or is not yours).",
    });
    await as("reviewer");
    expect(await revokeApiTokenAction(idleState, formData({ tokenId: id }))).toEqual({
      status: "success",
      message: "Token revoked.",
    });
    expect(await viewerFromApiToken(token)).toBeNull();
    await as("anonymous");
    expect(await createApiTokenAction(idleState, formData({ name: "x" }))).toMatchObject({
      status: "error",
      message: expect.stringMatching(/Sign in/),
    });
  });
});
