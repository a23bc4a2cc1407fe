import { z } from "zod";

/**
 * A number typed into a form field: blank or not a number is refused with `message`, a sentence that says what to
 * enter. The range is the DAL's to check, with its own sentence.
 */
export const typedNumber = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform(Number)
    .refine((value) => Number.isFinite(value), message);
