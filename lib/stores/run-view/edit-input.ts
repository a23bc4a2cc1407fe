/**
 * Checks a step input an operator edited as JSON before it is sent for a re-run: a JSON object, or a message saying
 * what is wrong. The server checks it again.
 */
export function parseEditedInput(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `This is not valid JSON: ${error instanceof Error ? error.message : "check the brackets and quotes"}.`,
    };
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, message: 'The input must be a JSON object of named values, like {"employee_id": "E-1"}.' };
  return { ok: true, value: value as Record<string, unknown> };
}
