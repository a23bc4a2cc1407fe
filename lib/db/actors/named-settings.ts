import "server-only";
import type { Viewer } from "../../access";
import { recordAudit } from "../audit";
import { ConflictError, isUniqueViolation, NotFoundError, prisma, withDbErrors } from "../core";
import type { Prisma } from "../generated/prisma/client";

type Transaction = Prisma.TransactionClient;

/** What tells toolkits and actor profiles apart where their write rules are the same. */
export type NamedSettingKind = {
  /** As the audit actions spell it (`settings.toolkit_created`) and messages name it ("This toolkit …"). */
  noun: "toolkit" | "actor";
  /** How a sentence about one opens: "A toolkit", "An actor". */
  opening: string;
  /** Every record's id and name, for the name check. */
  listNames: (db: Transaction) => Promise<{ id: string; name: string }[]>;
};

type Change = "created" | "updated" | "deleted";

/** How a delete reads, refuses and removes one kind's record; each step runs in the delete's transaction. */
type RemoveSteps<Row extends { name: string }> = {
  read: (db: Transaction) => Promise<Row | null>;
  /** Throws to keep the record (a toolkit still in use). */
  refuse?: (row: Row) => void;
  remove: (db: Transaction) => Promise<unknown>;
};

/**
 * The write rules toolkits and actor profiles share: a name unique whatever its case, each change written in one
 * transaction with its audit entry, a name taken by a concurrent write reported as the same conflict as one taken
 * before, and a record gone reported as such.
 */
export function namedSettings(kind: NamedSettingKind) {
  const takenName = (name: string) =>
    new ConflictError(`${kind.opening} named "${name}" already exists. Choose another name.`, "name");
  const notFound = () => new NotFoundError(`This ${kind.noun} no longer exists.`);
  const audit = (db: Transaction, viewer: Viewer, change: Change, id: string, detail: Record<string, unknown>) =>
    recordAudit(
      { action: `settings.${kind.noun}_${change}`, actor: viewer, target: { type: "setting", id }, detail },
      db,
    );

  return {
    notFound,
    audit,

    /** Names compare without case: "HR records" and "hr records" would be told apart by nobody reading a select. */
    async assertNameFree(db: Transaction, name: string, exceptId?: string): Promise<void> {
      const lower = name.toLocaleLowerCase("en");
      const rows = await kind.listNames(db);
      if (rows.some((row) => row.id !== exceptId && row.name.toLocaleLowerCase("en") === lower)) throw takenName(name);
    },

    /**
     * Runs a create or update in one transaction. The unique index on the name catches a write that took the name
     * after assertNameFree looked: it reads as the same conflict.
     */
    async writeNamed<T>(name: string, write: (db: Transaction) => Promise<T>): Promise<T> {
      try {
        return await prisma.$transaction(write);
      } catch (error) {
        throw isUniqueViolation(error) ? takenName(name) : error;
      }
    },

    /** Deletes the record `id` with its audit entry (its name), in one transaction; NotFoundError when it is gone. */
    async removeNamed<Row extends { name: string }>(
      viewer: Viewer,
      id: string,
      steps: RemoveSteps<Row>,
    ): Promise<void> {
      await withDbErrors(() =>
        prisma.$transaction(async (db) => {
          const row = await steps.read(db);
          if (!row) throw notFound();
          steps.refuse?.(row);
          await steps.remove(db);
          await audit(db, viewer, "deleted", id, { name: row.name });
        }),
      );
    },
  };
}
