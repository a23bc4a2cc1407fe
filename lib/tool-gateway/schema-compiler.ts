import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { hashOf } from "./hash";

/** One readable validation problem: `{ path: "employee_id", message: "is required" }`. */
export type SchemaIssue = { path: string; message: string };

export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

const DRAFT_2020 = /json-schema\.org\/draft\/2020-12\/schema/;
const DRAFT_07 = /json-schema\.org\/draft-07\/schema/;
const CACHE_LIMIT = 500;

// Both MCP dialects occur in the wild: explicit 2020-12 schemas (zod 4 emits them) and draft-07 ones (most
// hand-written servers, and the SDK's default). Schemas without `$schema` are read as draft-07, like the SDK does,
// because draft-07 tolerates the older `items: [...]` tuple form that 2020-12's meta-schema rejects.
// strict:false because real servers use vendor keywords; the meta-schema check stays on to catch broken schemas.
const options = { strict: false, allErrors: true, validateFormats: true } as const;
const draft07 = addFormats(new Ajv(options));
const draft2020 = addFormats(new Ajv2020(options));

const cache = new Map<string, CompiledSchema>();

/**
 * Compiles a JSON Schema once per distinct content (keyed by a hash, LRU-bounded). A schema that is not valid
 * JSON Schema yields `{ ok: false, error }` instead of throwing, so one bad tool cannot break a whole listing.
 */
export function compileSchema(schema: unknown): CompiledSchema {
  const key = hashOf(schema);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const compiled = compileUncached(schema);
  cache.set(key, compiled);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return compiled;
}

function compileUncached(schema: unknown): CompiledSchema {
  if (typeof schema === "boolean") return { ok: true, validate: draft07.compile(schema) };
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    return { ok: false, error: "the schema is not a JSON object" };
  }
  const { $schema, $id: _id, ...rest } = schema as Record<string, unknown>;
  const dialect = typeof $schema === "string" && DRAFT_2020.test($schema) ? draft2020 : draft07;
  // A root `$id` would be registered in the shared Ajv instance and collide when a server changes the schema;
  // an unknown `$schema` (draft-04, 2019-09) would make Ajv refuse it outright: read those as draft-07.
  const body =
    dialect === draft07 && typeof $schema === "string" && DRAFT_07.test($schema) ? { $schema, ...rest } : rest;
  try {
    const validate = dialect.compile(body);
    // The validator is self-contained once compiled; dropping Ajv's own reference keeps memory bounded by our LRU.
    dialect.removeSchema(body);
    return { ok: true, validate };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Turns Ajv errors into `{ path, message }` with dotted paths and plain words ("days: must be number"). */
export function formatIssues(errors: readonly ErrorObject[] | null | undefined): SchemaIssue[] {
  return (errors ?? []).map((error) => {
    const segments = error.instancePath
      .split("/")
      .slice(1)
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    const params = error.params as Record<string, unknown>;
    let message = error.message ?? "is invalid";
    if (error.keyword === "required") {
      segments.push(String(params.missingProperty));
      message = "is required";
    } else if (error.keyword === "additionalProperties") {
      segments.push(String(params.additionalProperty));
      message = "is not an allowed property";
    } else if (error.keyword === "enum" && Array.isArray(params.allowedValues)) {
      message = `must be one of: ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
    }
    return { path: joinPath(segments), message };
  });
}

function joinPath(segments: string[]): string {
  if (segments.length === 0) return "(arguments)";
  return segments.reduce(
    (path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment),
    "",
  );
}
