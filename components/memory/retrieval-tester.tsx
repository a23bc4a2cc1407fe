"use client";

import { SearchX } from "lucide-react";
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardHeader,
  EmptyState,
  Field,
  Textarea,
  useFormAction,
} from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import { CandidateTable } from "./candidate-table";
import type { RetrievalView } from "./memory-types";

type Props = { action: (state: ActionState<RetrievalView>, formData: FormData) => Promise<ActionState<RetrievalView>> };

const DECISIONS: Record<
  RetrievalView["decision"],
  { label: string; tone: "success" | "warning" | "neutral"; text: string }
> = {
  match: {
    label: "Match",
    tone: "success",
    text: "The best routine reaches the minimum score and leads the next by more than the ambiguity margin.",
  },
  ambiguous: {
    label: "Ambiguous",
    tone: "warning",
    text: "The top two routines are within the ambiguity margin of each other: too close to pick one.",
  },
  none: { label: "None", tone: "neutral", text: "No routine reaches the minimum score: none is picked." },
};

/**
 * Tries a request against procedure memory as a run request would, under the saved thresholds, and shows the ranked
 * routines with their scores and matched terms. Reads only.
 */
export function RetrievalTester({ action }: Props) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  const result = state.status === "success" ? state.data : undefined;
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <Card>
      <CardHeader
        title="Try a request"
        description="Type what someone might ask for. Retrieval ranks the published routines and decides as it would for a real request."
      />
      <CardBody className="space-y-4">
        <form action={formAction} onSubmit={onSubmit} className="space-y-3" noValidate data-testid="memory-try-form">
          <Field id="memory-request" label="Request" errors={errors?.request}>
            {(aria) => (
              <Textarea
                {...aria}
                name="request"
                rows={3}
                required
                placeholder="I am sick today and cannot come in"
                data-testid="memory-request"
                onKeyDown={(event) => {
                  // Ctrl/⌘ + Enter submits from the keyboard; Enter alone keeps a new line.
                  if (event.key === "Enter" && (event.metaKey || event.ctrlKey))
                    event.currentTarget.form?.requestSubmit();
                }}
              />
            )}
          </Field>
          <Button type="submit" pending={pending} data-testid="memory-try">
            Find routines
          </Button>
        </form>
        {state.status === "error" && !errors?.request ? (
          <Alert tone="error" testId="memory-try-error">
            {state.message}
          </Alert>
        ) : null}
        {result ? <RetrievalResult result={result} /> : null}
      </CardBody>
    </Card>
  );
}

function RetrievalResult({ result }: { result: RetrievalView }) {
  const decision = DECISIONS[result.decision];
  return (
    <section aria-live="polite" aria-label="Retrieval result" className="space-y-3" data-testid="memory-result">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={decision.tone} data-testid="memory-decision">
          {decision.label}
        </Badge>
        <span className="text-muted">{decision.text}</span>
      </div>
      <p className="text-xs text-muted">
        Ranked by {result.mode === "hybrid" ? "keywords and embeddings" : "keywords"}; minimum score{" "}
        {result.thresholds.minScore}, ambiguity margin {result.thresholds.ambiguityMargin}.
      </p>
      {result.notice ? (
        <Alert tone="warning" testId="memory-notice">
          {result.notice}
        </Alert>
      ) : null}
      {result.candidates.length ? (
        <CandidateTable candidates={result.candidates} thresholds={result.thresholds} />
      ) : (
        <EmptyState icon={SearchX} title="No routine shares a word with this request" testId="memory-no-candidates">
          <p>Either no routine covers it, or the published routines describe it in other words: add it as an intent.</p>
        </EmptyState>
      )}
    </section>
  );
}
