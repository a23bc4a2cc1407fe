import type { Param } from "../routine";

/** A JSON Schema object as MCP carries it in a tool's `inputSchema` and `outputSchema`. */
export type ObjectSchema = {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
  [key: string]: unknown;
};

const MAX_INPUTS = 100;

/**
 * A routine's declared inputs as the JSON Schema of its tool's arguments: each input a property with its type and
 * description, required ones listed, nothing undeclared. A list that cannot be one (two inputs of one name, more
 * inputs than a client can reasonably fill) answers the reason instead, shown where the routine is left out.
 */
export function inputSchemaOf(
  inputs: readonly Param[],
): { ok: true; schema: ObjectSchema } | { ok: false; reason: string } {
  if (inputs.length > MAX_INPUTS)
    return { ok: false, reason: `It declares ${inputs.length} inputs; a tool takes at most ${MAX_INPUTS}.` };
  const properties: ObjectSchema["properties"] = {};
  for (const input of inputs) {
    if (Object.hasOwn(properties, input.name))
      return {
        ok: false,
        reason: `Two of its inputs are named "${input.name}"; a tool's arguments need distinct names.`,
      };
    properties[input.name] = {
      type: input.type,
      ...(input.description ? { description: input.description } : {}),
    };
  }
  const required = inputs.filter((input) => input.required).map((input) => input.name);
  return {
    ok: true,
    schema: { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false },
  };
}
