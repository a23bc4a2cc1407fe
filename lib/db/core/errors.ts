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
  /**
   * Tells the run engine (lib/runs/engine's stopsRun) that a run meeting this cannot go on now but has nothing wrong with
   * it: the engine stops it as stored, for a worker to resume, rather than failing its step with this message.
   */
  readonly stopsRun = true;
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
  if (connectionLost(error)) {
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

// What pg, Node's sockets and Prisma's PostgreSQL adapter throw when the server cannot be reached or went away
// mid-query (stopped, restarted, failed over, or the network between dropped): the same request may succeed later.
const LOST_MESSAGES = new RegExp(
  [
    "ECONNREFUSED",
    "ECONNRESET",
    "Can't reach database server",
    "DatabaseNotReachable",
    "Connection terminated",
    "timeout exceeded when trying to connect",
    "Client has encountered a connection error and is not queryable",
    "Server has closed the connection",
    "terminating connection due to administrator command",
    "the database system is (starting up|shutting down|in recovery mode)",
    "too many clients already",
    "Too many database connections",
  ].join("|"),
  "i",
);
const LOST_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"]);
/** Prisma's codes for a server it cannot reach (P1001), could not reach in time (P1002), or that hung up (P1017). */
const LOST_PRISMA_CODES = new Set(["P1001", "P1002", "P1017"]);
/** What Prisma's driver adapters call the same (meta.driverAdapterError.cause.kind), e.g. under a raw query's P2010. */
const LOST_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed"]);

/**
 * True when `code` says the connection, not the request, failed: a socket error, Prisma's, or PostgreSQL's class 08
 * (connection exception), 57P01–57P03 (the server shutting down, crashed, or not yet accepting connections) and
 * 53300 (no connection slot free).
 * 57P04 (the database was dropped) is left out: it does not come back by itself.
 */
function isLostCode(code: unknown): boolean {
  if (typeof code !== "string") return false;
  // 53300: every connection slot is taken (other processes hold them); one frees up soon.
  return LOST_SOCKET_CODES.has(code) || LOST_PRISMA_CODES.has(code) || /^08[0-9A-Z]{3}$|^57P0[123]$|^53300$/.test(code);
}

/**
 * Whether `error`, or what it wraps (a cause, the first of an AggregateError, the PostgreSQL error a Prisma driver
 * adapter error carries), says the database server is unreachable or dropped the connection.
 */
function connectionLost(error: unknown, depth = 0): boolean {
  if (error === null || error === undefined || depth > 4) return false;
  if (typeof error !== "object") return LOST_MESSAGES.test(String(error));
  const value = error as {
    code?: unknown;
    originalCode?: unknown;
    kind?: unknown;
    message?: unknown;
    originalMessage?: unknown;
    cause?: unknown;
    errors?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (isLostCode(value.code) || isLostCode(value.originalCode)) return true;
  if (typeof value.kind === "string" && LOST_ADAPTER_KINDS.has(value.kind)) return true;
  if (typeof value.message === "string" && LOST_MESSAGES.test(value.message)) return true;
  if (typeof value.originalMessage === "string" && LOST_MESSAGES.test(value.originalMessage)) return true;
  const first = Array.isArray(value.errors) ? value.errors[0] : undefined;
  return [value.cause, first, value.meta?.driverAdapterError].some((inner) => connectionLost(inner, depth + 1));
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
