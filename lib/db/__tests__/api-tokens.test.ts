import { beforeAll, describe, expect, it, vi } from "vitest";
import { UnauthenticatedError } from "../../access";
import { getViewer } from "../../session";
import {
  createApiToken,
  listApiTokens,
  MAX_API_TOKENS_PER_USER,
  revokeApiToken,
  setUserActive,
  viewerFromApiToken,
} from "../users";
import { ConflictError, NotFoundError, prisma, ValidationError } from "../core";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId, personWith } from "../testing/review-test-support";
import { signedIn } from "../../../test/request-context";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

/** The smallest valid choice on the tokens page: read runs, no expiry. */
const READ_RUNS = { scopes: ["runs:read" as const], expiresInDays: null };

describe("personal API tokens", () => {
  it("shows a token once, stores only its hash, and resolves it to its owner until revoked", async () => {
    await as("operator");
    const created = await createApiToken(signedIn(), { name: "  CRM integration ", ...READ_RUNS });
    expect(created.token).toMatch(/^rs_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "CRM integration", prefix: created.token.slice(0, 9), revokedAt: null });

    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await listApiTokens(signedIn());
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed.map((token) => token.id)).toContain(created.id);

    const viewer = await viewerFromApiToken(created.token);
    expect(viewer).toMatchObject({ id: await demoUserId("operator"), roles: ["operator"] });
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).toBeInstanceOf(Date);

    await revokeApiToken(signedIn(), { tokenId: created.id });
    expect(await viewerFromApiToken(created.token)).toBeNull();
    await expect(revokeApiToken(signedIn(), { tokenId: created.id })).rejects.toBeInstanceOf(ConflictError);
    expect((await listApiTokens(signedIn())).find((token) => token.id === created.id)?.revokedAt).toBeInstanceOf(Date);

    const audit = await prisma.auditLog.findMany({ where: { targetId: created.id }, orderBy: { at: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["api_token.created", "operator@example.com"],
      ["api_token.revoked", "operator@example.com"],
    ]);
    expect(audit.map((entry) => entry.detail).join(" ")).not.toContain(created.token);
  });

  it("refuses malformed, unknown and near-miss tokens", async () => {
    await as("author");
    const { token } = await createApiToken(signedIn(), { name: "Near miss", ...READ_RUNS });
    for (const bad of [
      "",
      "rs_",
      "Bearer " + token,
      token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"),
      token + "x",
      "x".repeat(5000),
    ]) {
      expect(await viewerFromApiToken(bad)).toBeNull();
    }
  });

  it("stops working when its owner is deactivated", async () => {
    const person = await personWith(["operator"]);
    await person.signIn();
    const { token } = await createApiToken(signedIn(), { name: "Leaving soon", ...READ_RUNS });
    expect(await viewerFromApiToken(token)).toMatchObject({ id: person.id });
    await as("admin");
    await setUserActive(signedIn(), { userId: person.id, active: false });
    expect(await viewerFromApiToken(token)).toBeNull();
  });

  it("lets each user see and revoke only their own tokens", async () => {
    await as("operator");
    const mine = await createApiToken(signedIn(), { name: "Operator's", ...READ_RUNS });
    await as("reviewer");
    expect((await listApiTokens(signedIn())).map((token) => token.id)).not.toContain(mine.id);
    await expect(revokeApiToken(signedIn(), { tokenId: mine.id })).rejects.toBeInstanceOf(NotFoundError);
    await as("operator");
    expect((await listApiTokens(signedIn())).find((token) => token.id === mine.id)?.revokedAt).toBeNull();
  });

  it("needs a signed-in user, a name, and a free slot", async () => {
    await as("anonymous");
    await expect(createApiToken(signedIn(), { name: "x", ...READ_RUNS })).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(listApiTokens(signedIn())).rejects.toBeInstanceOf(UnauthenticatedError);
    const person = await personWith(["author"]);
    await person.signIn();
    await expect(createApiToken(signedIn(), { name: "   ", ...READ_RUNS })).rejects.toBeInstanceOf(ValidationError);
    for (let index = 0; index < MAX_API_TOKENS_PER_USER; index += 1)
      await createApiToken(signedIn(), { name: `Token ${index}`, ...READ_RUNS });
    await expect(createApiToken(signedIn(), { name: "One too many", ...READ_RUNS })).rejects.toThrow(/revoke one/);
    expect(await prisma.apiToken.count({ where: { userId: person.id } })).toBe(MAX_API_TOKENS_PER_USER);
  });

  it("answers for the viewer it is handed (a token's owner), and refuses when there is none", async () => {
    await as("anonymous");
    const operator = {
      id: await demoUserId("operator"),
      name: "Op",
      email: "operator@example.com",
      roles: ["operator" as const],
    };
    expect(await getViewer()).toBeNull();
    expect((await listApiTokens(operator)).length).toBeGreaterThan(0);
    await expect(listApiTokens(null)).rejects.toThrow(UnauthenticatedError);
  });
});
