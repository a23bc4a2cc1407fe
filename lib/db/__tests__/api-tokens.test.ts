import { beforeAll, describe, expect, it, vi } from "vitest";
import { UnauthenticatedError } from "../../access/errors";
import { actAs } from "../../session/acting-viewer";
import { getViewer } from "../../session/session";
import { createApiToken, listApiTokens, MAX_API_TOKENS_PER_USER, revokeApiToken, viewerFromApiToken } from "../users/api-tokens";
import { prisma } from "../core/client";
import { ConflictError, NotFoundError, ValidationError } from "../core/errors";
import { seedDatabase } from "../../demo/seed";
import { setUserActive } from "../users/users";
import { as, demoUserId, personWith } from "../testing/review-test-support";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

describe("personal API tokens", () => {
  it("shows a token once, stores only its hash, and resolves it to its owner until revoked", async () => {
    await as("operator");
    const created = await createApiToken({ name: "  CRM integration " });
    expect(created.token).toMatch(/^rs_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "CRM integration", prefix: created.token.slice(0, 9), revokedAt: null });

    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await listApiTokens();
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed.map((token) => token.id)).toContain(created.id);

    const viewer = await viewerFromApiToken(created.token);
    expect(viewer).toMatchObject({ id: await demoUserId("operator"), roles: ["operator"] });
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).toBeInstanceOf(Date);

    await revokeApiToken({ tokenId: created.id });
    expect(await viewerFromApiToken(created.token)).toBeNull();
    await expect(revokeApiToken({ tokenId: created.id })).rejects.toBeInstanceOf(ConflictError);
    expect((await listApiTokens()).find((token) => token.id === created.id)?.revokedAt).toBeInstanceOf(Date);

    const audit = await prisma.auditLog.findMany({ where: { targetId: created.id }, orderBy: { at: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["api_token.created", "operator@example.com"],
      ["api_token.revoked", "operator@example.com"],
    ]);
    expect(audit.map((entry) => entry.detail).join(" ")).not.toContain(created.token);
  });

  it("refuses malformed, unknown and near-miss tokens", async () => {
    await as("author");
    const { token } = await createApiToken({ name: "Near miss" });
    for (const bad of ["", "rs_", "Bearer " + token, token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), token + "x", "x".repeat(5000)]) {
      expect(await viewerFromApiToken(bad)).toBeNull();
    }
  });

  it("stops working when its owner is deactivated", async () => {
    const person = await personWith(["operator"]);
    await person.signIn();
    const { token } = await createApiToken({ name: "Leaving soon" });
    expect(await viewerFromApiToken(token)).toMatchObject({ id: person.id });
    await as("admin");
    await setUserActive({ userId: person.id, active: false });
    expect(await viewerFromApiToken(token)).toBeNull();
  });

  it("lets each user see and revoke only their own tokens", async () => {
    await as("operator");
    const mine = await createApiToken({ name: "Operator's" });
    await as("reviewer");
    expect((await listApiTokens()).map((token) => token.id)).not.toContain(mine.id);
    await expect(revokeApiToken({ tokenId: mine.id })).rejects.toBeInstanceOf(NotFoundError);
    await as("operator");
    expect((await listApiTokens()).find((token) => token.id === mine.id)?.revokedAt).toBeNull();
  });

  it("needs a signed-in user, a name, and a free slot", async () => {
    await as("anonymous");
    await expect(createApiToken({ name: "x" })).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(listApiTokens()).rejects.toBeInstanceOf(UnauthenticatedError);
    const person = await personWith(["author"]);
    await person.signIn();
    await expect(createApiToken({ name: "   " })).rejects.toBeInstanceOf(ValidationError);
    for (let index = 0; index < MAX_API_TOKENS_PER_USER; index += 1) await createApiToken({ name: `Token ${index}` });
    await expect(createApiToken({ name: "One too many" })).rejects.toThrow(/revoke one/);
    expect(await prisma.apiToken.count({ where: { userId: person.id } })).toBe(MAX_API_TOKENS_PER_USER);
  });

  it("makes the DAL see the token's user inside actAs, and nobody outside it", async () => {
    await as("anonymous");
    const operator = { id: await demoUserId("operator"), name: "Op", email: "operator@example.com", roles: ["operator" as const] };
    expect(await getViewer()).toBeNull();
    await expect(actAs(operator, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return (await listApiTokens()).length;
    })).resolves.toBeGreaterThan(0);
    expect(await getViewer()).toBeNull();
  });
});
