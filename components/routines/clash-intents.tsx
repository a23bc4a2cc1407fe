import type { IntentClash } from "@/lib/memory";

const score = (value: number | null) => (value === null ? "not among the answers" : value.toFixed(2));

/** What one clashing intent does, as a sentence: whose example request it is and what retrieval answers it with. */
function IntentSentence({ clash }: { clash: IntentClash }) {
  const verdict =
    clash.kind === "outranks"
      ? `finds “${clash.to.name}” before its own routine`
      : `finds “${clash.to.name}” nearly as well as its own routine, so a request like it is ambiguous`;
  return (
    <>
      <q className="font-medium text-foreground">{clash.intent}</q>
      <span className="text-muted">, an example request of “{clash.from.name}”, </span>
      <span>{verdict}</span>
      <span className="text-muted tabular-nums">
        {" "}
        (score {score(clash.toScore)} against {score(clash.fromScore)}).
      </span>
    </>
  );
}

/** The intents behind a clash between two routines; shared by the library's clash report and the review notice. */
export function ClashIntents({ intents }: { intents: readonly IntentClash[] }) {
  return (
    <ul className="mt-1 space-y-1 text-xs" data-testid="clash-intents">
      {intents.map((clash) => (
        <li
          key={`${clash.from.routineId}:${clash.intent}:${clash.to.routineId}`}
          data-testid="clash-intent"
          data-kind={clash.kind}
          data-from={clash.from.routineId}
          data-to={clash.to.routineId}
        >
          <IntentSentence clash={clash} />
        </li>
      ))}
    </ul>
  );
}
