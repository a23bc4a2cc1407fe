import type { RowBatch } from "./run-sql";

// The hot path's statements in their PostgreSQL group-commit form (decision 0048): one statement for every run
// committing in the same transaction, its rows passed as one array per column and read back with unnest. A
// statement's text depends only on its kind and column names, so PostgreSQL parses and plans it once per connection
// whatever the number of rows.

/** The PostgreSQL types the run store's hot columns have (Prisma's Int, String and DateTime(3)). */
export type PgType = "text" | "int" | "timestamp(3)";

/** One column of a batched row: its name, its PostgreSQL type and this row's value. */
export type BatchColumn = readonly [name: string, type: PgType, value: unknown];

const texts = new Map<string, string>();

/** `unnest($1::text[], …) AS "v"("id", …)`: the batch's rows as a table named "v". */
function rowsFrom(columns: readonly BatchColumn[]): string {
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`);
  return `unnest(${arrays.join(", ")}) AS "v"(${columns.map(([name]) => `"${name}"`).join(", ")})`;
}

/**
 * The batch form of one row of a statement of `kind` (whatever else changes the text goes into `kind`); `build`
 * writes the statement around the rows' table and is called once per kind and column list.
 */
function rowBatch(
  kind: string,
  run: string,
  columns: readonly BatchColumn[],
  build: (rows: string) => string,
): RowBatch {
  const key = `${kind}|${columns.map(([name]) => name).join(",")}`;
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = build(rowsFrom(columns))));
  return { key, text, row: columns.map(([, , value]) => value), run };
}

/**
 * The run row's update: `columns` start with id, then (when the writer holds the lease) owner, then count, now and
 * (when it holds the lease and the run goes on) leaseUntil, then the changed fields. Returns "lastSeq" and
 * "parentRunId" per run; a run whose lease another worker holds is not returned.
 */
export function runUpdateBatch(columns: readonly BatchColumn[], finished: boolean): RowBatch {
  const names = new Set(columns.map(([name]) => name));
  return rowBatch(`run-update${finished ? "-finished" : ""}`, columns[0]![2] as string, columns, (rows) => {
    const fixed = new Set(["id", "owner", "count", "now", "leaseUntil"]);
    const sets = columns.filter(([name]) => !fixed.has(name)).map(([name]) => `"${name}" = "v"."${name}"`);
    sets.push(`"lastSeq" = "run"."lastSeq" + "v"."count"`, `"updatedAt" = "v"."now"`);
    if (finished) sets.push(`"leaseOwner" = NULL`, `"leaseUntil" = NULL`);
    else if (names.has("leaseUntil")) sets.push(`"leaseUntil" = "v"."leaseUntil"`);
    const owned = names.has("owner") ? ` AND "run"."leaseOwner" = "v"."owner"` : "";
    return (
      `UPDATE "run" SET ${sets.join(", ")} FROM ${rows} WHERE "run"."id" = "v"."id"${owned} ` +
      `RETURNING "run"."id" AS "__key", "run"."lastSeq", "run"."parentRunId"`
    );
  });
}

/**
 * A step run's insert-or-update: `columns` are id, runId, stepId, iteration, now, rank, then state when it is set,
 * then the changed fields. A new step run goes after the run's last (`rank` counts the change's own step runs, so
 * two new ones of one change keep their order); an update keeps its place and must belong to the same run.
 */
export function stepRunUpsertBatch(runId: string, columns: readonly BatchColumn[]): RowBatch {
  return rowBatch("step-run-upsert", runId, columns, (rows) => {
    const fixed = new Set(["id", "runId", "stepId", "iteration", "now", "rank"]);
    const fields = columns.filter(([name]) => !fixed.has(name)).map(([name]) => name);
    const state = fields.includes("state") ? [] : [`'pending'`];
    const insert = [
      "id",
      "runId",
      "stepId",
      "iteration",
      "updatedAt",
      "ordinal",
      ...(state.length ? ["state"] : []),
      ...fields,
    ];
    const values = [
      `"v"."id"`,
      `"v"."runId"`,
      `"v"."stepId"`,
      `"v"."iteration"`,
      `"v"."now"`,
      `(SELECT COALESCE(MAX("s"."ordinal"), 0) FROM "step_run" AS "s" WHERE "s"."runId" = "v"."runId") + "v"."rank"`,
      ...state,
      ...fields.map((name) => `"v"."${name}"`),
    ];
    const updates = [...fields, "updatedAt"].map((name) => `"${name}" = excluded."${name}"`);
    return (
      `INSERT INTO "step_run" (${insert.map((name) => `"${name}"`).join(", ")}) SELECT ${values.join(", ")} ` +
      `FROM ${rows} ON CONFLICT("id") DO UPDATE SET ${updates.join(", ")} WHERE "step_run"."runId" = excluded."runId"`
    );
  });
}

/** A plain insert of `columns` (every one a column of `table`). */
export function insertBatch(table: string, runId: string, columns: readonly BatchColumn[]): RowBatch {
  return rowBatch(`insert-${table}`, runId, columns, (rows) => {
    const names = columns.map(([name]) => `"${name}"`).join(", ");
    return `INSERT INTO "${table}" (${names}) SELECT ${columns.map(([name]) => `"v"."${name}"`).join(", ")} FROM ${rows}`;
  });
}
