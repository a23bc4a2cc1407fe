"use client";

import { Check, Pencil, X } from "lucide-react";
import { useTransition } from "react";
import { Badge, Button, Card, CardBody, CardHeader } from "@/components/ui";
import type { CaseActions, CaseView } from "./case-types";

/** The planner's proposals, each with Keep (it becomes an active case), Edit and Drop. Writers only. */
export function ProposedCases(props: {
  routineId: string;
  proposed: CaseView[];
  keep: CaseActions["keep"];
  drop: CaseActions["drop"];
  onEdit: (item: CaseView) => void;
  onError: (message: string) => void;
}) {
  if (props.proposed.length === 0) return null;
  return (
    <Card>
      <CardHeader
        title={`Proposed by the planner (${props.proposed.length})`}
        description="Not run in suites until you keep them. Check the expected calls first."
      />
      <CardBody className="py-1">
        <ul className="divide-y divide-border" data-testid="proposed-cases">
          {props.proposed.map((item) => (
            <ProposedRow key={item.id} item={item} {...props} />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function ProposedRow(props: {
  item: CaseView;
  routineId: string;
  keep: CaseActions["keep"];
  drop: CaseActions["drop"];
  onEdit: (item: CaseView) => void;
  onError: (message: string) => void;
}) {
  const { item } = props;
  const [pending, startTransition] = useTransition();
  const act = (action: CaseActions["keep"]) =>
    startTransition(async () => {
      const state = await action({ routineId: props.routineId, caseId: item.id });
      if (state.status === "error") props.onError(state.message);
    });
  return (
    <li className="flex flex-wrap items-start gap-3 py-3" data-testid="proposed-case" data-case-id={item.id}>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm font-medium text-foreground">
          {item.name} {item.problems.length > 0 ? <Badge tone="warning">Flagged</Badge> : null}
        </p>
        <p className="line-clamp-2 text-sm text-muted">{item.request}</p>
        <p className="font-mono text-xs text-muted">
          {item.expectedCalls.map((call) => call.tool).join(" → ") || "no calls"}
          {item.expectedPath.length > 0 ? ` · path: ${item.expectedPath.join(" → ")}` : ""}
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => act(props.keep)} pending={pending} data-testid="keep-case">
          <Check className="size-4" aria-hidden="true" /> Keep
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => props.onEdit(item)}
          disabled={pending}
          aria-label={`Edit ${item.name}`}
        >
          <Pencil className="size-4" aria-hidden="true" /> Edit
        </Button>
        <Button size="sm" variant="danger" onClick={() => act(props.drop)} disabled={pending} data-testid="drop-case">
          <X className="size-4" aria-hidden="true" /> Drop
        </Button>
      </div>
    </li>
  );
}
