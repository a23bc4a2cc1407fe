import { cn } from "@/components/ui";

const SHOWN_CHARS = 20_000;

/** Pretty JSON (or text as it is) for a value, long ones cut with a note: tool data is shown, never interpreted. */
export function JsonView({ value, testId, className }: { value: unknown; testId?: string; className?: string }) {
  const text = typeof value === "string" ? prettyText(value) : (JSON.stringify(value, null, 2) ?? "undefined");
  const cut = text.length > SHOWN_CHARS;
  return (
    <div className={cn("rounded-lg border border-border bg-surface-muted", className)}>
      <pre
        className="max-h-72 overflow-auto whitespace-pre-wrap break-words px-3 py-2 font-mono text-xs text-foreground"
        data-testid={testId}
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

function prettyText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export { PanelSection } from "../panel-section";
