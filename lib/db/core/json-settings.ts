import type { z } from "zod";
import { prisma } from "./client";
import type { Prisma } from "../generated/prisma/client";

// An admin's setting kept as JSON in one `setting` row (memory thresholds, run context, model exchange retention):
// read it back through its schema, and write it with who changed it.

type Reader = Pick<Prisma.TransactionClient, "setting">;

export type StoredSetting<T> = { value: T; updatedAt: Date; updatedBy: string | null };

/**
 * The setting under `key`, parsed by `schema`; null when none is stored, or (logged with `unreadable`) when the
 * stored JSON does not parse or fit the schema: the caller's defaults then apply.
 */
export async function readJsonSetting<T>(
  key: string,
  schema: z.ZodType<T>,
  unreadable: string,
  db: Reader = prisma,
): Promise<StoredSetting<T> | null> {
  const row = await db.setting.findUnique({ where: { key }, include: { updatedBy: { select: { email: true } } } });
  if (!row) return null;
  let value: T | null = null;
  try {
    const parsed = schema.safeParse(JSON.parse(row.value));
    if (parsed.success) value = parsed.data;
  } catch {
    // Unreadable JSON: the defaults, loudly.
  }
  if (value === null) {
    console.error(unreadable);
    return null;
  }
  return { value, updatedAt: row.updatedAt, updatedBy: row.updatedBy?.email ?? null };
}

/** Stores `value` as the setting under `key`, changed by `userId` (inside the caller's transaction). */
export async function writeJsonSetting(tx: Reader, key: string, value: unknown, userId: string): Promise<void> {
  const text = JSON.stringify(value);
  await tx.setting.upsert({
    where: { key },
    create: { key, value: text, updatedById: userId },
    update: { value: text, updatedById: userId },
  });
}
