import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "../document";

// Validates response bodies against what the OpenAPI document says for their route, method, status and media type:
// the document's schemas compiled with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1, formats checked).

const COMPONENTS = "https://routine-studio.invalid/openapi/components";

/** The document's schema with its `#/components/schemas/…` references pointed at the compiled components. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string"
        ? inner.replace("#/components/schemas/", `${COMPONENTS}#/$defs/`)
        : rewriteRefs(inner),
    ]),
  );
}

export type ResponseKey = { path: string; method: string; status: number | string; mediaType?: string };

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

/** The media types a response is documented with, or undefined when the document has no such response. */
export function documentedContent(document: OpenApiDocument, key: Omit<ResponseKey, "mediaType">) {
  const operation = (document.paths?.[key.path] as Record<string, Operation> | undefined)?.[key.method.toLowerCase()];
  const response = operation?.responses?.[String(key.status)];
  return response && { mediaTypes: Object.keys(response.content ?? {}), content: response.content ?? {} };
}

/**
 * A checker for `document`: `problems(key, body)` lists why `body` is not what the document gives for that response
 * (no such response, no schema for the media type, or ajv's errors), each naming the response; [] when it fits.
 * Every schema is compiled in strict mode, so one ajv cannot read is an error too.
 */
export function createResponseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addSchema({ $id: COMPONENTS, $defs: rewriteRefs(document.components?.schemas ?? {}) });

  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  function validatorFor(key: ResponseKey, schema: unknown) {
    const id = `${key.method.toUpperCase()} ${key.path} ${key.status} ${key.mediaType}`;
    let validate = compiled.get(id);
    if (!validate) compiled.set(id, (validate = ajv.compile(rewriteRefs(schema) as object)));
    return validate;
  }

  return {
    problems(key: ResponseKey, body: unknown): string[] {
      const mediaType = key.mediaType ?? "application/json";
      const name = `${key.method.toUpperCase()} ${key.path} → ${key.status} ${mediaType}`;
      const content = documentedContent(document, key);
      if (!content) return [`${name}: the document has no such response`];
      const schema = content.content[mediaType]?.schema;
      if (schema === undefined) return [`${name}: the document gives no schema for this media type`];
      const validate = validatorFor({ ...key, mediaType }, schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (error) => `${name}: ${error.instancePath || "(body)"} ${error.message} ${JSON.stringify(error.params)}`,
      );
    },
  };
}
