/** What every form's server action returns, so a form can show a message and per-field errors. */
export type ActionState<Data = undefined> =
  | { status: "idle" }
  | { status: "error"; message: string; fieldErrors?: Record<string, string[]> }
  | { status: "success"; message: string; data?: Data };

export const idleState = { status: "idle" } as const;

/** Reads checkbox groups and text fields out of FormData into plain values for zod. */
export function formValues(formData: FormData, arrays: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of formData.entries()) {
    if (key.startsWith("$ACTION")) continue;
    if (typeof value !== "string") continue;
    if (arrays.includes(key)) values[key] = [...((values[key] as string[]) ?? []), value];
    else values[key] = value;
  }
  for (const key of arrays) values[key] ??= [];
  return values;
}
