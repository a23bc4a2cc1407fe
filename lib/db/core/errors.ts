import { z } from "zod";

/** Input that failed validation; `fieldErrors` maps a field name to its messages, for forms. */
export class ValidationError extends Error {
  readonly fieldErrors: Record<string, string[]>;
  constructor(message: string, fieldErrors: Record<string, string[]> = {}) {
    super(message);
    this.name = "ValidationError";
    this.fieldErrors = fieldErrors;
  }

  static fromZod(error: z.ZodError, message = "Some fields need attention."): ValidationError {
    return new ValidationError(message, z.flattenError(error).fieldErrors as Record<string, string[]>);
  }
}

/** The request clashes with what is stored (a taken email, the last admin). */
export class ConflictError extends Error {
  readonly field?: string;
  constructor(message: string, field?: string) {
    super(message);
    this.name = "ConflictError";
    this.field = field;
  }
}

/**
 * A save based on a revision that is no longer the stored one: someone saved in between. Nothing was written;
 * `currentRevision` is what the stored draft is at now, so the editor can reload it or keep its own as a copy.
 */
export class StaleSaveError extends Error {
  readonly currentRevision: number;
  constructor(
    currentRevision: number,
    message = "Someone else saved this routine since you opened it; your change was not saved.",
  ) {
    super(message);
    this.name = "StaleSaveError";
    this.currentRevision = currentRevision;
  }
}

export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotFoundError";
  }
}

/** The database refused the write or cannot be reached; nothing was changed. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseUnavailableError";
  }
}

/** Parses `input` with `schema`, throwing a ValidationError a form can show. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

/**
 * Maps low-level database failures to errors with a sentence a user can act on.
 * Everything else is passed through unchanged.
 */
export function translateDbError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  // SQLite's read-only file, or PostgreSQL's read-only transaction (a standby, default_transaction_read_only).
  if (/readonly database|SQLITE_READONLY|read-only/i.test(message)) {
    return new DatabaseUnavailableError(
      "The database is read-only, so nothing could be saved. Ask an administrator to make the database file writable.",
      { cause: error },
    );
  }
  if (/SQLITE_BUSY|database is locked/i.test(message)) {
    return new DatabaseUnavailableError("The database is busy. Please try again in a moment.", { cause: error });
  }
  if (
    /ECONNREFUSED|Can't reach database server|DatabaseNotReachable|Connection terminated unexpectedly/i.test(message)
  ) {
    return new DatabaseUnavailableError(
      "The database server cannot be reached, so nothing was saved. Please try again in a moment; if it persists, ask an administrator to check it.",
      { cause: error },
    );
  }
  if (/SQLITE_CANTOPEN|unable to open database/i.test(message)) {
    return new DatabaseUnavailableError("The database cannot be opened. Ask an administrator to check its location.", {
      cause: error,
    });
  }
  return error;
}

/** True for a unique-constraint violation (Prisma's P2002), e.g. two requests creating the same email at once. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2002";
}

/** Runs a database operation, translating low-level failures (see translateDbError). */
export async function withDbErrors<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw translateDbError(error);
  }
}
