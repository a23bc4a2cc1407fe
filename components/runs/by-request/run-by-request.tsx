"use client";

import { Search } from "lucide-react";
import { useState, useTransition, type FormEvent } from "react";
import { Alert, Button, Card, CardBody, CardHeader, Field, Spinner, Textarea } from "@/components/ui";
import { StartRunDialog } from "../start/start-run-dialog";
import type { PublishedRoutineOption, RetrievalView, RunByRequestActions } from "./by-request-types";
import { PlanIt } from "./plan-it";
import { RetrievalResult } from "./retrieval-result";
import { RoutineChoice } from "./routine-choice";

type Phase = { status: "idle" } | { status: "error"; message: string } | { status: "found"; retrieval: RetrievalView };

/**
 * "Run by request" on the runs page (operators and admins): the operator types what is needed, procedure memory
 * suggests the published routine with its score, matched words and runner-up, the operator keeps or overrides the
 * pick, and the usual start dialog asks for the inputs (read from the request by default). When no routine fits,
 * "Plan it" starts a planned run instead (also offered beside a match, as the operator's choice).
 */
export function RunByRequest({
  actions,
  published,
}: {
  actions: RunByRequestActions;
  published: PublishedRoutineOption[];
}) {
  const [phase, setPhase] = useState<Phase>({ status: "idle" });
  const [choice, setChoice] = useState("");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [finding, startFinding] = useTransition();

  const onFind = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = String(new FormData(event.currentTarget).get("request") ?? "");
    startFinding(async () => {
      const result = await actions.find(request);
      if (!result.ok) {
        setPhase({ status: "error", message: result.message });
        return;
      }
      setPhase({ status: "found", retrieval: result.retrieval });
      // Only a clear match is preselected: ambiguous and none wait for the operator to pick.
      const top = result.retrieval.candidates[0];
      setChoice(result.retrieval.decision === "match" && top ? top.routineId : "");
    });
  };

  const retrieval = phase.status === "found" ? phase.retrieval : null;
  const chosenName =
    retrieval?.candidates.find((candidate) => candidate.routineId === choice)?.name ??
    published.find((routine) => routine.id === choice)?.name;
  return (
    <Card className="mb-6" data-testid="by-request" aria-labelledby="by-request-title">
      <CardHeader
        title={<span id="by-request-title">Run by request</span>}
        description="Say what you need in words; the best-fitting published routine is suggested, and you decide what runs."
      />
      <CardBody className="space-y-4">
        <form onSubmit={onFind} className="space-y-3" noValidate data-testid="by-request-form">
          <Field
            id="by-request-input"
            label="Request"
            hint="For example: “Reset the VPN password for E-1001”. A few sentences at most."
            errors={phase.status === "error" ? [phase.message] : undefined}
          >
            {(aria) => <Textarea {...aria} name="request" rows={3} data-testid="by-request-input" />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" pending={finding} data-testid="by-request-find">
              <Search className="size-4" aria-hidden="true" /> Find routine
            </Button>
          </div>
        </form>
        {finding ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status" data-testid="by-request-loading">
            <Spinner className="size-4" /> Ranking the published routines…
          </p>
        ) : retrieval ? (
          <div className="space-y-4" data-testid="by-request-result" data-decision={retrieval.decision}>
            {retrieval.notice ? (
              <Alert tone="info" testId="by-request-notice">
                {retrieval.notice}
              </Alert>
            ) : null}
            <RetrievalResult retrieval={retrieval} />
            {retrieval.decision === "none" ? <PlanIt retrieval={retrieval} plan={actions.plan} /> : null}
            <RoutineChoice
              retrieval={retrieval}
              published={published}
              value={choice}
              onChange={setChoice}
              onStart={() => setDialogOpen(true)}
            />
            {retrieval.decision === "none" ? null : <PlanIt retrieval={retrieval} plan={actions.plan} />}
          </div>
        ) : null}
        {retrieval && choice ? (
          <StartRunDialog
            routineId={choice}
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            actions={actions}
            fallbackTitle={chosenName ? `Run “${chosenName}”` : "Run"}
            request={retrieval.request}
          />
        ) : null}
      </CardBody>
    </Card>
  );
}
