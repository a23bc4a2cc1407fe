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

/** The tokens page's form as the browser posts it: a name, the ticked scopes, the chosen expiry. */
function tokenForm(name: string, scopes: string[] = ["runs:read"], expiresInDays = "30"): FormData {
  const data = formData({ name, expiresInDays });
  for (const scope of scopes) data.append("scopes", scope);
  return data;
}

describe("the API tokens page's actions", () => {
  it("creates a named token shown once, and revokes it; another user's token is not found", async () => {
    await as("reviewer");
    expect(await createApiTokenAction(idleState, tokenForm(""))).toMatchObject({
      status: "error",
      fieldErrors: { name: [expect.stringMatching(/Give the token a name/)] },
    });
    const created = await createApiTokenAction(idleState, tokenForm("Reporting", ["evaluations:export"]));
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
    expect(await createApiTokenAction(idleState, tokenForm("x"))).toMatchObject({
      status: "error",
      message: expect.stringMatching(/Sign in/),
    });
  });

  it("creates a token with the ticked scopes and the chosen expiry, or says beside each field what is wrong", async () => {
    await as("operator");
    const created = await createApiTokenAction(idleState, tokenForm("Nightly", ["runs:start", "runs:read"], "7"));
    expect(created).toMatchObject({ status: "success" });
    const row = await prisma.apiToken.findFirstOrThrow({ where: { name: "Nightly" } });
    expect(row.scopes).toBe('["runs:read","runs:start"]');
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(7 * 24 * 3600_000 - 5_000);
    await createApiTokenAction(idleState, tokenForm("Forever", ["runs:read"], "never"));
    expect((await prisma.apiToken.findFirstOrThrow({ where: { name: "Forever" } })).expiresAt).toBeNull();

    const before = await prisma.apiToken.count();
    expect(await createApiTokenAction(idleState, tokenForm("None ticked", []))).toMatchObject({
      status: "error",
      fieldErrors: { scopes: ["Choose at least one thing the token may do."] },
    });
    expect(await createApiTokenAction(idleState, tokenForm("Odd expiry", ["runs:read"], "12"))).toMatchObject({
      status: "error",
      fieldErrors: { expiresInDays: [expect.stringMatching(/after 7, 30, 90 or 365 days, or never/)] },
    });
    expect(await createApiTokenAction(idleState, tokenForm("No expiry chosen", ["runs:read"], ""))).toMatchObject({
      status: "error",
      fieldErrors: { expiresInDays: [expect.stringMatching(/Choose when the token expires/)] },
    });
    // An author posting a scope the page never offered them (its checkbox added by hand).
    await as("author");
    expect(await createApiTokenAction(idleState, tokenForm("Sneaky", ["runs:read", "runs:start"]))).toMatchObject({
      status: "error",
      fieldErrors: {
        scopes: [expect.stringMatching(/"Start runs" \(runs:start\): it needs the operator or admin role/)],
      },
    });
    expect(await prisma.apiToken.count()).toBe(before);
  });
});
