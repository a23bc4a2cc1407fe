import pg from "pg";
import { describe, expect, it } from "vitest";
import { ConflictError, DatabaseUnavailableError, translateDbError } from "../errors";

// The shapes below are what pg 8 and Prisma 7's PostgreSQL adapter were seen to throw when a server was stopped, a
// backend terminated (pg_terminate_backend) or a proxy in front of the server cut every connection.

/** A socket error as Node raises it (pg passes it on as is). */
function socketError(code: string, syscall: string): Error {
  return Object.assign(new Error(`${syscall} ${code}`), { code, syscall, errno: -104 });
}

/** pg's DatabaseError for an error message from the server. */
function serverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: "error", code, severity: "FATAL" });
}

/** Prisma's PrismaClientKnownRequestError over its driver adapter's error (meta.driverAdapterError). */
function prismaError(code: string, message: string, cause: Record<string, unknown>): Error {
  const driverAdapterError = Object.assign(new Error(String(cause.kind)), { name: "DriverAdapterError", cause });
  return Object.assign(new Error(message), {
    name: "PrismaClientKnownRequestError",
    code,
    meta: { driverAdapterError },
  });
}

const UNREACHABLE = /database server cannot be reached/;

describe("translateDbError on a PostgreSQL server that went away", () => {
  it.each([
    ["a connection the server reset (pg)", socketError("ECONNRESET", "read")],
    ["a connection refused while the server is down (pg)", socketError("ECONNREFUSED", "connect")],
    ["a write on a dropped connection (pg)", socketError("EPIPE", "write")],
    ["a query on a connection that ended (pg)", new Error("Connection terminated unexpectedly")],
    ["a pool that could not connect in time (pg)", new Error("timeout exceeded when trying to connect")],
    [
      "a query on a client whose connection failed earlier (pg)",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    ["a terminated backend (57P01)", serverError("57P01", "terminating connection due to administrator command")],
    ["a server that crashed (57P02)", serverError("57P02", "terminating connection due to crash of another process")],
    ["a server still starting (57P03)", serverError("57P03", "the database system is starting up")],
    ["a connection exception (08006)", serverError("08006", "connection failure")],
    ["every connection slot taken (53300)", serverError("53300", "sorry, too many clients already")],
    [
      "Prisma's every connection slot taken",
      prismaError("P2037", "Too many database connections opened: sorry, too many clients already", {
        kind: "postgres",
        originalCode: "53300",
      }),
    ],
    [
      "Prisma's unreachable server (P1001)",
      prismaError("P1001", "Can't reach database server at 127.0.0.1:1", { kind: "DatabaseNotReachable" }),
    ],
    [
      "Prisma's closed connection (P1017)",
      prismaError("P1017", "Server has closed the connection.", { kind: "ConnectionClosed" }),
    ],
    [
      "Prisma's raw query on a terminated backend (P2010 over 57P01)",
      prismaError("P2010", "Raw query failed. Code: `57P01`.", { kind: "postgres", originalCode: "57P01" }),
    ],
    [
      "an error wrapping a lost connection as its cause",
      new Error("Could not claim runs", { cause: socketError("ECONNRESET", "read") }),
    ],
    [
      "every address of localhost refused (AggregateError)",
      new AggregateError([socketError("ECONNREFUSED", "connect"), socketError("ECONNREFUSED", "connect")], ""),
    ],
  ])("says the server cannot be reached for %s", (_, error) => {
    const translated = translateDbError(error);
    expect(translated).toBeInstanceOf(DatabaseUnavailableError);
    expect((translated as Error).message).toMatch(UNREACHABLE);
    expect((translated as Error).cause).toBe(error);
  });

  it("says so for what pg really throws when nothing listens on the port", async () => {
    const client = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:1/x" });
    const failure = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect((translateDbError(failure) as Error).message).toMatch(UNREACHABLE);
  });

  it.each([
    ["a unique violation", serverError("23505", 'duplicate key value violates unique constraint "user_email_key"')],
    ["a dropped database (57P04: it does not come back)", serverError("57P04", "database dropped")],
    ["a missing table", serverError("42P01", 'relation "pgboss.job" does not exist')],
    ["Prisma's record not found", prismaError("P2025", "Record to update not found.", { kind: "RecordNotFound" })],
    ["an application error", new ConflictError("taken", "email")],
  ])("passes %s through unchanged", (_, error) => {
    expect(translateDbError(error)).toBe(error);
  });

  it("keeps saying read-only for a read-only transaction, not unreachable", () => {
    const translated = translateDbError(serverError("25006", "cannot execute INSERT in a read-only transaction"));
    expect((translated as Error).message).toMatch(/read-only/);
  });
});
