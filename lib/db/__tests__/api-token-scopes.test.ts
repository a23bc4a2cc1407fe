import { createHash, randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  authenticateApiToken,
  createApiToken,
  listApiTokens,
  MAX_API_TOKENS_PER_USER,
  viewerFromApiToken,
} from "../users";
import { prisma, ValidationError } from "../core";
import { EXPORT_ROLES } from "../evals";
import { RUN_CONTROL_ROLES, TOKEN_SCOPE_INFO } from "../../access";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId, personWith } from "../testing/review-test-support";
import { signedIn } from "../../../test/request-context";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

// Issue #29: a token does only what it was created for, and stops at its expiry.

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

const DAY_MS = 24 * 3600 * 1000;

/** What a refused creation says per field (the ValidationError a form shows). */
async function fieldErrorsOf(input: unknown): Promise<Record<string, string[]>> {
  const error: unknown = await createApiToken(signedIn(), input as Parameters<typeof createApiToken>[1]).then(
    () => null,
    (refusal: unknown) => refusal,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fieldErrors;
}

const writtenSoFar = async () => ({
  tokens: await prisma.apiToken.count(),
  audit: await prisma.auditLog.count({ where: { action: "api_token.created" } }),
});

describe("creating a token with scopes and an expiry", () => {
  it("offers a scope to the roles the DAL itself requires behind its routes", () => {
    expect(TOKEN_SCOPE_INFO["runs:start"].roles).toEqual(RUN_CONTROL_ROLES);
    expect(TOKEN_SCOPE_INFO["evaluations:export"].roles).toEqual(EXPORT_ROLES);
  });

  it("refuses missing, unknown or role-exceeding scopes and a bad expiry beside their fields, writing nothing", async () => {
    await as("author");
    const before = await writtenSoFar();
    const name = "Refused";
    expect((await fieldErrorsOf({ name, scopes: [], expiresInDays: 30 })).scopes).toEqual([
      "Choose at least one thing the token may do.",
    ]);
    expect((await fieldErrorsOf({ name, expiresInDays: 30 })).scopes).toEqual(["Choose what the token may do."]);
    expect((await fieldErrorsOf({ name, scopes: ["runs:delete"], expiresInDays: 30 })).scopes?.[0]).toMatch(
      /must be one of: runs:read, runs:start, evaluations:export/,
    );
    for (const expiresInDays of [12, "30", undefined, 0, -7])
      expect(
        (await fieldErrorsOf({ name, scopes: ["runs:read"], expiresInDays })).expiresInDays,
        String(expiresInDays),
      ).toEqual(["Choose when the token expires: after 7, 30, 90 or 365 days, or never."]);
    // An author may read their runs, but not mint a token that starts runs: it needs the operator or admin role.
    expect((await fieldErrorsOf({ name, scopes: ["runs:read", "runs:start"], expiresInDays: 7 })).scopes).toEqual([
      'Your roles do not allow "Start runs" (runs:start): it needs the operator or admin role.',
    ]);
    await as("reviewer");
    expect((await fieldErrorsOf({ name, scopes: ["runs:read"], expiresInDays: 7 })).scopes?.[0]).toMatch(
      /"Read runs" \(runs:read\): it needs the author, operator or admin role/,
    );
    await as("operator");
    expect((await fieldErrorsOf({ name, scopes: ["evaluations:export"], expiresInDays: null })).scopes?.[0]).toMatch(
      /"Export training data" \(evaluations:export\)/,
    );
    expect(await writtenSoFar()).toEqual(before);
  });

  it("stores the scopes in their canonical order and the expiry, audits both, and lists them", async () => {
    await as("operator");
    const before = Date.now();
    const created = await createApiToken(signedIn(), {
      name: "Scheduler",
      scopes: ["runs:start", "runs:read", "runs:start"],
      expiresInDays: 30,
    });
    expect(created.scopes).toEqual(["runs:read", "runs:start"]);
    expect(created.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(created.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.scopes).toBe('["runs:read","runs:start"]');

    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "api_token.created", targetId: created.id },
    });
    expect(JSON.parse(audit.detail!)).toEqual({
      name: "Scheduler",
      prefix: created.prefix,
      scopes: ["runs:read", "runs:start"],
      expiresAt: created.expiresAt!.toISOString(),
    });

    const forever = await createApiToken(signedIn(), { name: "Forever", scopes: ["runs:read"], expiresInDays: null });
    expect(forever.expiresAt).toBeNull();
    const listed = await listApiTokens(signedIn());
    expect(listed.find((token) => token.id === created.id)).toMatchObject({
      scopes: ["runs:read", "runs:start"],
      expiresAt: created.expiresAt,
    });
    expect(listed.find((token) => token.id === forever.id)).toMatchObject({ scopes: ["runs:read"], expiresAt: null });

    await as("admin");
    const all = await createApiToken(signedIn(), {
      name: "Everything",
      scopes: ["evaluations:export", "runs:start", "runs:read"],
      expiresInDays: 365,
    });
    expect(all.scopes).toEqual(["runs:read", "runs:start", "evaluations:export"]);
  });
});

describe("a token's expiry", () => {
  it("is accepted until its expiry and refused from then on, saying so; an expired use is not recorded", async () => {
    await as("operator");
    const created = await createApiToken(signedIn(), { name: "Week", scopes: ["runs:read"], expiresInDays: 7 });
    const expiresAt = created.expiresAt!;
    expect(await authenticateApiToken(created.token, new Date(expiresAt.getTime() - 1000))).toMatchObject({
      ok: true,
      scopes: ["runs:read"],
      expiresAt,
    });
    await prisma.apiToken.update({ where: { id: created.id }, data: { lastUsedAt: null } });
    for (const at of [expiresAt, new Date(expiresAt.getTime() + DAY_MS)]) {
      expect(await authenticateApiToken(created.token, at)).toEqual({
        ok: false,
        reason: "expired",
        expiredAt: expiresAt,
      });
      expect(await viewerFromApiToken(created.token, at)).toBeNull();
    }
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).toBeNull();
  });

  it("frees the expired token's slot: expired tokens do not count towards the limit", async () => {
    const person = await personWith(["operator"]);
    await person.signIn();
    for (let index = 0; index < MAX_API_TOKENS_PER_USER; index += 1)
      await createApiToken(signedIn(), { name: `Token ${index}`, scopes: ["runs:read"], expiresInDays: 7 });
    await expect(
      createApiToken(signedIn(), { name: "One too many", scopes: ["runs:read"], expiresInDays: 7 }),
    ).rejects.toThrow(/revoke one/);
    const oldest = await prisma.apiToken.findFirstOrThrow({ where: { userId: person.id, name: "Token 0" } });
    await prisma.apiToken.update({ where: { id: oldest.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await createApiToken(signedIn(), { name: "Replacement", scopes: ["runs:read"], expiresInDays: 7 });
  });
});

describe("tokens made before scopes and expiry", () => {
  it("keep what they could do (read and start runs) and do not expire", async () => {
    const token = `rs_${randomBytes(32).toString("base64url")}`;
    const id = randomUUID();
    // As the migration left them: no scopes or expiry written, the columns' defaults apply.
    await prisma.apiToken.create({
      data: {
        id,
        userId: await demoUserId("operator"),
        name: "From before",
        tokenHash: createHash("sha256").update(token).digest("hex"),
        prefix: token.slice(0, 9),
      },
    });
    expect(await authenticateApiToken(token, new Date(Date.now() + 3650 * DAY_MS))).toMatchObject({
      ok: true,
      scopes: ["runs:read", "runs:start"],
      expiresAt: null,
    });
    await as("operator");
    expect((await listApiTokens(signedIn())).find((listed) => listed.id === id)).toMatchObject({
      scopes: ["runs:read", "runs:start"],
      expiresAt: null,
    });
  });

  it("grant nothing when the stored scopes are unreadable (fails closed)", async () => {
    const token = `rs_${randomBytes(32).toString("base64url")}`;
    await prisma.apiToken.create({
      data: {
        id: randomUUID(),
        userId: await demoUserId("operator"),
        name: "Garbled",
        tokenHash: createHash("sha256").update(token).digest("hex"),
        prefix: token.slice(0, 9),
        scopes: '{"runs:start": true}',
      },
    });
    expect(await authenticateApiToken(token)).toMatchObject({ ok: true, scopes: [] });
  });
});
