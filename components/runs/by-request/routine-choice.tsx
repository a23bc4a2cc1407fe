import { Play } from "lucide-react";
import { Button, Field } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { PublishedRoutineOption, RetrievalView } from "./by-request-types";

/**
 * Which routine runs: the suggestion preselected on a match, or any candidate or published routine instead; then
 * "Start run" opens the start dialog for it.
 */
export function RoutineChoice({
  retrieval,
  published,
  value,
  onChange,
  onStart,
}: {
  retrieval: RetrievalView;
  published: PublishedRoutineOption[];
  value: string;
  onChange: (routineId: string) => void;
  onStart: () => void;
}) {
  const suggested = new Set(retrieval.candidates.map((candidate) => candidate.routineId));
  const others = published.filter((routine) => !suggested.has(routine.id));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <Field
          id="by-request-choice"
          label="Routine to run"
          hint={retrieval.decision === "match" ? "The best fit is chosen; pick another to override it." : undefined}
        >
          {(aria) => (
            <Select
              {...aria}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              data-testid="by-request-choice"
            >
              <option value="">Choose a routine…</option>
              {retrieval.candidates.length > 0 ? (
                <optgroup label="Ranked for this request">
                  {retrieval.candidates.map((candidate) => (
                    <option key={candidate.routineId} value={candidate.routineId}>
                      {candidate.name} (score {candidate.score.toFixed(2)})
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {others.length > 0 ? (
                <optgroup label="All published routines">
                  {others.map((routine) => (
                    <option key={routine.id} value={routine.id}>
                      {routine.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </Select>
          )}
        </Field>
      </div>
      <Button type="button" onClick={onStart} disabled={value === ""} data-testid="by-request-start">
        <Play className="size-4" aria-hidden="true" /> Start run
      </Button>
    </div>
  );
}
