import { Badge } from "@/components/ui";

/** Where a tool call's answer came from in an evaluation run, or will come from (lib/events ToolAnswerOrigin). */
export type AnswerOrigin = "live" | "pinned" | "simulated";

const ORIGINS: Record<AnswerOrigin, { label: string; tone: "neutral" | "accent" | "warning"; hint: string }> = {
  live: { label: "live", tone: "neutral", hint: "The tool itself answered: it only reads data." },
  pinned: { label: "pinned", tone: "accent", hint: "A pinned output of the case answered, not the tool." },
  simulated: {
    label: "simulated",
    tone: "warning",
    hint:
      "The tool changes data, so the evaluation never called it: a labelled simulated answer stood in. " +
      "The checker still scores the call.",
  },
};

/** A small labelled badge saying where one call's answer came from (its meaning on hover and for screen readers). */
export function AnswerOriginBadge({ origin, prefix = "Answer" }: { origin: AnswerOrigin; prefix?: string }) {
  const { label, tone, hint } = ORIGINS[origin];
  return (
    <>
      <span className="sr-only">{prefix}: </span>
      <Badge tone={tone} title={hint} data-testid={`answer-origin-${origin}`}>
        {label}
      </Badge>
      <span className="sr-only"> ({hint})</span>
    </>
  );
}

/** "2 live · 1 simulated": how a result's calls were answered, for the results table; nothing when none was. */
export function AnswerCounts({ answers }: { answers: Record<AnswerOrigin, number> | undefined }) {
  if (!answers) return null;
  const parts = (Object.keys(ORIGINS) as AnswerOrigin[]).filter((origin) => answers[origin] > 0);
  if (parts.length === 0) return null;
  return (
    <span className="mt-1 block text-xs whitespace-nowrap text-muted" data-testid="result-answer-counts">
      {parts.map((origin, index) => (
        <span key={origin} className={origin === "simulated" ? "font-medium text-warning" : undefined}>
          {index > 0 ? " · " : ""}
          {answers[origin]} {ORIGINS[origin].label}
        </span>
      ))}
    </span>
  );
}

/** One line that says what the three kinds of answer mean. */
export function AnswerOriginLegend() {
  return (
    <p className="text-xs text-muted" data-testid="answer-origin-legend">
      Answers: <span className="font-medium">live</span> (the tool only reads, it answered),{" "}
      <span className="font-medium">pinned</span> (the case&apos;s pinned output),{" "}
      <span className="font-medium text-warning">simulated</span> (the tool changes data, so the evaluation never calls
      it; the checker still scores the call).
    </p>
  );
}
