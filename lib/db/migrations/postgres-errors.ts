import { describePostgresUrl } from "../location";

type PgError = { code?: unknown; message?: unknown; errors?: unknown };

/**
 * Turns what `pg` throws on connect or query into a sentence an operator can act on: an unreachable server, an unknown
 * host, a missing database (with how to create it), refused credentials; anything else keeps the server's message.
 * Never includes the password.
 */
export function describePostgresError(error: unknown, url: string): string {
  const { code, message } = firstCause(error);
  const where = describePostgresUrl(url);
  const { hostname, port, database, user } = parts(url);
  const server = `${hostname}:${port}`;
  if (code === "ECONNREFUSED" || code === "ETIMEDOUT" || /timeout expired|Connection terminated/i.test(message)) {
    return (
      `cannot reach the PostgreSQL server at ${server} (${message || code}). Check that it is running and that ` +
      `DATABASE_URL names the right host and port.`
    );
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return `the host "${hostname}" in DATABASE_URL is unknown (${code}). Check the host name in DATABASE_URL.`;
  }
  if (code === "3D000") {
    return (
      `the database "${database}" does not exist on the PostgreSQL server at ${server}. Create it first, e.g. ` +
      `\`createdb -h ${hostname} -p ${port}${user ? ` -U ${user}` : ""} ${database}\` or ` +
      `\`CREATE DATABASE "${database}";\` in psql, then start again.`
    );
  }
  if (code === "28P01" || code === "28000" || /SASL|password/i.test(message)) {
    return (
      `the PostgreSQL server at ${server} refused to let ${user ? `user "${user}"` : "the user"} in (${message}). ` +
      `Check the user name and password in DATABASE_URL (${where}) and the server's pg_hba.conf.`
    );
  }
  return message || String(error);
}

/** The error that says most: the first of an AggregateError (one per address tried, as for "localhost"). */
function firstCause(error: unknown): { code: string; message: string } {
  const value = (error ?? {}) as PgError;
  const inner = Array.isArray(value.errors) && value.errors.length > 0 ? (value.errors[0] as PgError) : undefined;
  const code = typeof value.code === "string" ? value.code : typeof inner?.code === "string" ? inner.code : "";
  const message =
    typeof value.message === "string" && value.message
      ? value.message
      : typeof inner?.message === "string"
        ? inner.message
        : "";
  return { code, message };
}

function parts(url: string): { hostname: string; port: string; database: string; user: string } {
  try {
    const parsed = new URL(url);
    return {
      hostname: parsed.hostname || "localhost",
      port: parsed.port || "5432",
      database: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || decodeURIComponent(parsed.username),
      user: decodeURIComponent(parsed.username),
    };
  } catch {
    return { hostname: "localhost", port: "5432", database: "", user: "" };
  }
}
