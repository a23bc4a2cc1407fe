// What of a run's content a span may carry: nothing unless the deployer opts in (the GenAI conventions' opt-in
// attributes), and even then never a secret. Tool arguments and results, and model messages, are people's data; keys
// and tokens in them are redacted by name and by shape before they leave the process.

/** Environment variables, as process.env holds them (a test passes its own). */
export type Environment = Record<string, string | undefined>;

/** The standard variable a deployer sets to `true` to record arguments, results and messages on spans. */
export const CAPTURE_CONTENT_VARIABLE = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT";

/** Whether `env` opts in to content on spans: only the exact word `true` (any case) does. */
export function captureContentFrom(env: Environment): boolean {
  return (env[CAPTURE_CONTENT_VARIABLE] ?? "").trim().toLowerCase() === "true";
}

export const REDACTED = "[redacted]";
/** An attribute's content is cut here: a backend refuses or truncates huge attributes anyway. */
export const MAX_CONTENT_CHARS = 16_000;
const MAX_DEPTH = 20;

// Key names whose values are secrets, compared lower-case with separators removed (api_key, X-Api-Key, apiKey →
// "apikey"), by ending: "accessToken", "client_secret" and "db-password" are secrets; "inputTokens" and
// "max_tokens" (counts) are not.
const SECRET_KEY_ENDINGS = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "apikey",
  "token",
  "authorization",
  "cookie",
  "credential",
  "credentials",
  "privatekey",
  "sessionid",
  "signature",
];
const SECRET_KEYS = new Set(["auth", "pwd", "pin", "otp"]);

/** Whether a key names a secret (its value is never recorded). */
export function isSecretKey(key: string): boolean {
  const normal = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  return SECRET_KEYS.has(normal) || SECRET_KEY_ENDINGS.some((ending) => normal.endsWith(ending));
}

// Secrets recognizable by their shape wherever they appear in a text: a bearer or basic credential, a provider key
// (sk-…, OpenAI and others), a GitHub or Slack token, a JSON Web Token.
const SECRET_SHAPES: Array<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`],
  [/\bsk-[A-Za-z0-9_-]{12,}/g, REDACTED],
  [/\b(gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,})/g, REDACTED],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, REDACTED],
];

/** `text` with every secret-shaped part replaced. */
export function redactText(text: string): string {
  return SECRET_SHAPES.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);
}

/**
 * A copy of `value` fit to record: values under secret-named keys replaced, secret-shaped text redacted, and nothing
 * nested deeper than a backend shows. Never throws.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      isSecretKey(key) ? REDACTED : redactSecrets(item, depth + 1),
    ]),
  );
}

/** `value` redacted and written as a JSON string no longer than MAX_CONTENT_CHARS: an attribute's value. */
export function contentAttribute(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? redactText(value) : (JSON.stringify(redactSecrets(value)) ?? "null");
  } catch {
    text = String(value);
  }
  return text.length > MAX_CONTENT_CHARS ? `${text.slice(0, MAX_CONTENT_CHARS)}…` : text;
}

/** A chat message in the shape of our model client (lib/llm), structurally: telemetry imports no other module. */
export type ChatMessageLike =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls?: ToolCallLike[] }
  | { role: "tool"; toolCallId: string; content: string };
export type ToolCallLike = { id: string; name: string; arguments: string };

type Part =
  | { type: "text"; content: string }
  | { type: "tool_call"; id: string; name: string; arguments: unknown }
  | { type: "tool_call_response"; id: string; result: unknown };

/** A tool call's arguments as the conventions show them: parsed when they are JSON, else the text. */
function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const toolCallParts = (calls: ToolCallLike[] | undefined): Part[] =>
  (calls ?? []).map((call) => ({
    type: "tool_call",
    id: call.id,
    name: call.name,
    arguments: parsedArguments(call.arguments),
  }));

/** Messages sent to a model in the conventions' input-messages shape (role and parts). */
export function inputMessages(messages: ChatMessageLike[]): Array<{ role: string; parts: Part[] }> {
  return messages.map((message) => {
    if (message.role === "tool")
      return { role: "tool", parts: [{ type: "tool_call_response", id: message.toolCallId, result: message.content }] };
    if (message.role === "assistant")
      return {
        role: "assistant",
        parts: [
          ...(message.content ? [{ type: "text" as const, content: message.content }] : []),
          ...toolCallParts(message.toolCalls),
        ],
      };
    return { role: message.role, parts: [{ type: "text", content: message.content }] };
  });
}

/** A model's answer in the conventions' output-messages shape: one assistant message with its finish reason. */
export function outputMessages(answer: { content: string | null; toolCalls: ToolCallLike[]; finishReason: string }) {
  return [
    {
      role: "assistant",
      parts: [
        ...(answer.content ? [{ type: "text" as const, content: answer.content }] : []),
        ...toolCallParts(answer.toolCalls),
      ],
      finish_reason: answer.finishReason,
    },
  ];
}
