import { z } from "zod";
import { TRAINING_FORMATS } from "./training-formats";

/**
 * Which runs the training-data export takes, as the export page's form and the download route's query send it:
 * every field is text (an empty field means "any"), dates are calendar days (UTC), `to` includes its whole day.
 */

const optionalText = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .max(200, `${label} is too long.`)
      .optional(),
  );

const day = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD.`)
      .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `${label} is not a real date.`)
      .optional(),
  );

/**
 * "runs": runs people started (not evaluations); "cases": evaluation runs; "all": both. Either way only runs that
 * finished well become examples (training-selection.ts).
 */
export const TRAINING_SOURCES = ["runs", "cases", "all"] as const;
export type TrainingSource = (typeof TRAINING_SOURCES)[number];

export const trainingFilterSchema = z
  .object({
    routineId: optionalText("The routine"),
    versionId: optionalText("The version"),
    model: optionalText("The model"),
    from: day("From"),
    to: day("To"),
    source: z.preprocess(
      (value) => (value === "" || value === undefined ? "runs" : value),
      z.enum(TRAINING_SOURCES, { error: 'source must be "runs", "cases" or "all".' }),
    ),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: "From must not be after To.",
    path: ["to"],
  });
export type TrainingFilter = z.infer<typeof trainingFilterSchema>;

const flag = z.preprocess(
  (value) => (value === undefined || value === "" ? false : value),
  z.union(
    [z.boolean(), z.enum(["1", "0", "true", "false", "on"]).transform((text) => text !== "0" && text !== "false")],
    {
      error: "withRoutine must be 1 or 0.",
    },
  ),
);

/** The download's query: the filter, the file format and whether the system prompt carries the routine. */
export const trainingExportQuerySchema = z.object({
  filter: trainingFilterSchema,
  format: z.preprocess(
    (value) => (value === "" || value === undefined ? "openai" : value),
    z.enum(TRAINING_FORMATS, { error: 'format must be "openai" or "llamafactory".' }),
  ),
  withRoutine: flag,
});
export type TrainingExportQuery = z.infer<typeof trainingExportQuerySchema>;

/** Reads the query of a URL (or a form's fields) into the export query's shape, before zod parses it. */
export function trainingQueryFields(params: URLSearchParams): Record<string, unknown> {
  const get = (key: string) => params.get(key) ?? undefined;
  return {
    filter: {
      routineId: get("routineId"),
      versionId: get("versionId"),
      model: get("model"),
      from: get("from"),
      to: get("to"),
      source: get("source"),
    },
    format: get("format"),
    withRoutine: get("withRoutine"),
  };
}

/** The query string of an export (the inverse of `trainingQueryFields`), without empty fields. */
export function trainingQueryString(query: {
  filter: Partial<Record<keyof TrainingFilter, string | undefined>>;
  format: string;
  withRoutine: boolean;
}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query.filter)) if (value) params.set(key, value);
  params.set("format", query.format);
  params.set("withRoutine", query.withRoutine ? "1" : "0");
  return params.toString();
}

/** The download's file name, e.g. `training-openai-with-routine-2025-01-31.jsonl`. */
export function trainingFileName(format: string, withRoutine: boolean, now = new Date()): string {
  return `training-${format}-${withRoutine ? "with" : "without"}-routine-${now.toISOString().slice(0, 10)}.jsonl`;
}
