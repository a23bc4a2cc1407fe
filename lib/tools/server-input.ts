import { z } from "zod";

/**
 * What an admin enters to register or edit a tool server. The name is how routines refer to the server
 * (`{ server, name }` of a tool step), so it is a short identifier that cannot be confused with a tool name.
 */
export const SERVER_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;
const MAX_ARGS = 32;
const MAX_ENV = 32;

const serverName = z
  .string()
  .trim()
  .regex(
    SERVER_NAME_PATTERN,
    "Use 1–40 lower-case letters, digits, - or _, starting with a letter (routines refer to the server by this name).",
  );

const httpUrl = z
  .string()
  .trim()
  .min(1, "Enter the server's URL.")
  .max(2000, "That URL is too long.")
  .refine((value) => URL.canParse(value), "That is not a valid URL.")
  .refine(
    (value) => !URL.canParse(value) || ["http:", "https:"].includes(new URL(value).protocol),
    "Only http:// and https:// URLs are supported.",
  );

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "Environment variable names use letters, digits and _.");

export const stdioTransportInput = z.object({
  kind: z.literal("stdio"),
  command: z
    .string()
    .trim()
    .min(1, "Choose a command.")
    .max(200)
    .regex(/^\S+$/, "The command is one word; put arguments under Arguments."),
  args: z
    .array(z.string().max(1000, "An argument is too long."))
    .max(MAX_ARGS, `At most ${MAX_ARGS} arguments.`)
    .default([]),
  /** New or replaced variables; `undefined` on edit keeps the stored ones. */
  env: z
    .record(envName, z.string().max(4000))
    .refine((env) => Object.keys(env).length <= MAX_ENV, `At most ${MAX_ENV} variables.`)
    .optional(),
});

export const httpTransportInput = z.object({
  kind: z.literal("http"),
  url: httpUrl,
  /**
   * A new token; empty on edit keeps the stored one while the URL stays the same, `clearToken` removes it.
   * Credentials in the URL itself (user:password@, the query string) are sealed like the token and never shown.
   */
  bearerToken: z.string().max(4000, "That token is too long.").optional(),
  clearToken: z.boolean().optional(),
  /** Removes the credentials stored from an earlier URL while keeping its address. */
  clearUrlCredentials: z.boolean().optional(),
});

export const toolServerInput = z.object({
  name: serverName,
  description: z.string().trim().max(500, "Keep the description under 500 characters.").default(""),
  transport: z.discriminatedUnion("kind", [stdioTransportInput, httpTransportInput], {
    error: "Choose stdio or Streamable HTTP.",
  }),
});
export type ToolServerInput = z.input<typeof toolServerInput>;

/**
 * Splits an arguments field the way an admin types it: one argument per line, or space-separated on one line.
 * No shell quoting rules: an argument with spaces goes on its own line.
 */
export function splitArgsField(text: string): string[] {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 1) return lines[0]!.split(/\s+/);
  return lines;
}

/** Parses `KEY=value` lines; returns the variables or the first bad line. */
export function parseEnvField(text: string): { env: Record<string, string> } | { error: string } {
  const env: Record<string, string> = {};
  for (const line of text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)) {
    const eq = line.indexOf("=");
    if (eq <= 0) return { error: `"${line.slice(0, 40)}" is not KEY=value.` };
    env[line.slice(0, eq).trim()] = line.slice(eq + 1);
  }
  return { env };
}
