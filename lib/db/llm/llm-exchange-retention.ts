import "server-only";
import { z } from "zod";
import { type Viewer, requireRole } from "../../access";
import { recordAudit } from "../audit";
import { parseInput, prisma, readJsonSetting, withDbErrors, writeJsonSetting } from "../core";
import type { Prisma } from "../generated/prisma/client";

/** The `setting` row holding how long model exchanges are kept: `{"days": n}`. */
export const EXCHANGE_RETENTION_KEY = "llm.exchangeRetentionDays";
export const DEFAULT_EXCHANGE_RETENTION_DAYS = 30;
export const MAX_EXCHANGE_RETENTION_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired exchanges are cleared while calls are recorded, at most this often. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

const daysSchema = z
  .number({ error: "Enter a number of days." })
  .int("Enter a whole number of days.")
  .min(0, `Enter between 0 and ${MAX_EXCHANGE_RETENTION_DAYS} days.`)
  .max(MAX_EXCHANGE_RETENTION_DAYS, `Enter between 0 and ${MAX_EXCHANGE_RETENTION_DAYS} days.`);

const retentionInput = z.object({ days: daysSchema });

export type ExchangeRetentionView = {
  days: number;
  isDefault: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
};

const UNREADABLE = `[llm] the "${EXCHANGE_RETENTION_KEY}" setting is unreadable; keeping exchanges for the default`;

async function loadRetention(db?: Parameters<typeof readJsonSetting>[3]) {
  const stored = await readJsonSetting(EXCHANGE_RETENTION_KEY, retentionInput, UNREADABLE, db);
  return stored && { days: stored.value.days, updatedAt: stored.updatedAt, updatedBy: stored.updatedBy };
}

/** The retention in effect, in days (0: keep no exchanges). Server-internal: the recorder reads it on every call. */
export async function exchangeRetentionDays(): Promise<number> {
  return (await loadRetention())?.days ?? DEFAULT_EXCHANGE_RETENTION_DAYS;
}

/** How long model exchanges are kept, as the settings page shows it. Admins only. */
export async function getExchangeRetention(viewer: Viewer | null): Promise<ExchangeRetentionView> {
  requireRole(viewer, "admin");
  return withDbErrors(async () => {
    const stored = await loadRetention();
    return stored
      ? { ...stored, isDefault: false }
      : { days: DEFAULT_EXCHANGE_RETENTION_DAYS, isDefault: true, updatedAt: null, updatedBy: null };
  });
}

type CallWriter = Pick<Prisma.TransactionClient, "llmCall">;

/**
 * Clears (sets to null) the request and answer of every call older than `days` days; 0 clears them all. The usage
 * (tokens, duration, status) stays. Returns how many calls lost their exchange.
 */
export async function purgeExpiredExchanges(days: number, now = new Date(), db: CallWriter = prisma): Promise<number> {
  const { count } = await db.llmCall.updateMany({
    where: {
      ...(days > 0 ? { at: { lt: new Date(now.getTime() - days * DAY_MS) } } : {}),
      OR: [{ request: { not: null } }, { response: { not: null } }],
    },
    data: { request: null, response: null },
  });
  return count;
}

let lastPurgeAt = 0;

/** Purges expired exchanges unless this process did so within the hour; a failure is logged, never thrown. */
export async function purgeExpiredExchangesHourly(days: number, now = Date.now()): Promise<void> {
  if (now - lastPurgeAt < PURGE_INTERVAL_MS) return;
  lastPurgeAt = now;
  try {
    await purgeExpiredExchanges(days, new Date(now));
  } catch (error) {
    console.error("[llm] could not clear expired model exchanges:", error instanceof Error ? error.message : error);
  }
}

/**
 * Sets how many days model exchanges are kept (0–365; 0 keeps none, only the usage). Admins only. Lowering it
 * clears the exchanges now older than the new retention at once, in the same transaction. Audited as a model
 * settings change with the old and new values and how many exchanges were cleared.
 */
export async function updateExchangeRetention(
  viewer: Viewer | null,
  input: { days: number },
): Promise<{ days: number; previous: number; changed: boolean; cleared: number }> {
  requireRole(viewer, "admin");
  const { days } = parseInput(retentionInput, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const stored = await loadRetention(tx);
      const previous = stored?.days ?? DEFAULT_EXCHANGE_RETENTION_DAYS;
      if (previous === days) return { days, previous, changed: false, cleared: 0 };
      await writeJsonSetting(tx, EXCHANGE_RETENTION_KEY, { days }, viewer.id);
      const cleared = days < previous ? await purgeExpiredExchanges(days, new Date(), tx) : 0;
      await recordAudit(
        {
          action: "settings.llm_updated",
          actor: viewer,
          target: { type: "setting", id: EXCHANGE_RETENTION_KEY },
          detail: { changed: ["exchangeRetentionDays"], from: previous, to: days, clearedExchanges: cleared },
        },
        tx,
      );
      return { days, previous, changed: true, cleared };
    }),
  );
}
