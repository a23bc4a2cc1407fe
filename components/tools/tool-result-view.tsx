import { cn } from "@/components/ui";
import type { TryToolResult } from "./tool-types";

/** Above this, the panel shows the start of the output and says how much was left out. */
const SHOWN_CHARS = 20_000;

function prettyText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A tool's answer, shown as text (never as HTML or instructions), JSON pretty-printed, long output cut. */
export function ToolResultView({
  result,
  message,
  testId,
}: {
  result: TryToolResult;
  message: string;
  testId: string;
}) {
  const text = prettyText(result.text);
  const cut = text.length > SHOWN_CHARS;
  return (
    <div
      className={cn(
        "rounded-lg border",
        result.isError ? "border-danger bg-danger-soft" : "border-border bg-surface-muted",
      )}
      data-testid={testId}
      data-is-error={result.isError}
    >
      <p className="border-b border-border px-3 py-2 text-xs text-muted">
        {message} {result.bytes.toLocaleString("en")} bytes.
      </p>
      <pre
        className="max-h-96 overflow-auto whitespace-pre-wrap break-words px-3 py-2 font-mono text-xs text-foreground"
        data-testid={`${testId}-text`}
      >
        {cut ? text.slice(0, SHOWN_CHARS) : text}
      </pre>
      {cut ? (
        <p className="px-3 pb-2 text-xs text-muted">
          Showing the first {SHOWN_CHARS.toLocaleString("en")} of {text.length.toLocaleString("en")} characters.
        </p>
      ) : null}
    </div>
  );
}
