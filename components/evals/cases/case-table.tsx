"use client";

import { ClipboardList, Plus, Sparkles, Upload } from "lucide-react";
import { useState } from "react";
import { Alert, Button, EmptyState, Table, Th } from "@/components/ui";
import { CaseEditor } from "./case-editor";
import { CaseRow, DeleteDialog } from "./case-row";
import { type CaseActions, type CaseToolView, type CaseView, type ProposeState } from "./case-types";
import { ExportButton } from "./export-button";
import { ImportDialog } from "./import-dialog";
import { ProposeDialog } from "./propose-dialog";
import { ProposedCases } from "./proposed-cases";

type Props = {
  routineId: string;
  cases: CaseView[];
  proposed: CaseView[];
  tools: CaseToolView[];
  canWrite: boolean;
  actions: CaseActions;
};

type Open =
  | { kind: "none" }
  | { kind: "editor"; item: CaseView | null; round: number }
  | { kind: "import" }
  | { kind: "propose" }
  | { kind: "delete"; item: CaseView };

type Notice = { tone: "success" | "error" | "warning"; title: string; lines?: string[] } | null;

/** The Cases tab: the routine's test cases, their flags, and (for authors and admins) every way to add to them. */
export function CaseTable({ routineId, cases, proposed, tools, canWrite, actions }: Props) {
  const [open, setOpen] = useState<Open>({ kind: "none" });
  const [notice, setNotice] = useState<Notice>(null);
  const [round, setRound] = useState(0);
  const close = () => setOpen({ kind: "none" });
  const edit = (item: CaseView | null) => {
    setRound((n) => n + 1);
    setOpen({ kind: "editor", item, round: round + 1 });
  };
  const flagged = cases.filter((item) => item.problems.length > 0).length;
  const proposedDone = (state: ProposeState) => {
    if (state.status !== "success") return;
    const dropped = state.data?.dropped ?? [];
    setNotice({
      tone: dropped.length > 0 ? "warning" : "success",
      title: state.message,
      lines: dropped.map((item) => `${item.name}: ${item.reason}`),
    });
  };

  return (
    <div className="space-y-4" data-testid="cases-tab">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-foreground">Test cases</h2>
          <p className="text-sm text-muted">
            {cases.length} case{cases.length === 1 ? "" : "s"}
            {flagged > 0 ? `, ${flagged} flagged (suites skip them)` : ""}. Each lists the calls a correct run makes.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <>
              <Button onClick={() => edit(null)} data-testid="add-case">
                <Plus className="size-4" aria-hidden="true" /> Add case
              </Button>
              <Button variant="secondary" onClick={() => setOpen({ kind: "import" })} data-testid="import-cases">
                <Upload className="size-4" aria-hidden="true" /> Import JSONL
              </Button>
              <Button variant="secondary" onClick={() => setOpen({ kind: "propose" })} data-testid="propose-cases">
                <Sparkles className="size-4" aria-hidden="true" /> Propose cases
              </Button>
            </>
          ) : null}
          <ExportButton
            routineId={routineId}
            exportJsonl={actions.exportJsonl}
            disabled={cases.length === 0}
            onError={(message) => setNotice({ tone: "error", title: message })}
          />
        </div>
      </div>

      {notice ? (
        <Alert tone={notice.tone} title={notice.title} testId="cases-notice">
          {notice.lines && notice.lines.length > 0 ? (
            <ul className="list-disc pl-4">
              {notice.lines.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      {canWrite ? (
        <ProposedCases
          routineId={routineId}
          proposed={proposed}
          keep={actions.keep}
          drop={actions.drop}
          onEdit={edit}
          onError={(message) => setNotice({ tone: "error", title: message })}
        />
      ) : null}

      {cases.length === 0 ? (
        <EmptyState icon={ClipboardList} title="No test cases yet" testId="cases-empty">
          <p>
            A test case is a request and the calls a correct run makes, in order, with the values each argument may
            take.
          </p>
          <p>
            {canWrite
              ? "Add one by hand, import a JSONL file, let the planner propose some, or open a good run and save it as a test case."
              : "Authors write them; you will see them here."}
          </p>
        </EmptyState>
      ) : (
        <div className="rounded-xl border border-border bg-surface">
          <Table data-testid="case-table">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Request</Th>
                <Th className="text-right">Calls</Th>
                <Th>Source</Th>
                <Th>Flags</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {cases.map((item) => (
                <CaseRow
                  key={item.id}
                  item={item}
                  canWrite={canWrite}
                  onEdit={() => edit(item)}
                  onDelete={() => setOpen({ kind: "delete", item })}
                />
              ))}
            </tbody>
          </Table>
        </div>
      )}

      {open.kind === "editor" ? (
        <CaseEditor
          key={open.round}
          open
          onClose={close}
          routineId={routineId}
          editing={open.item}
          tools={tools}
          readOnly={!canWrite}
          save={actions.save}
        />
      ) : null}
      {canWrite ? (
        <>
          <ImportDialog
            open={open.kind === "import"}
            onClose={close}
            routineId={routineId}
            importJsonl={actions.importJsonl}
            onImported={(message) => setNotice({ tone: "success", title: message })}
          />
          <ProposeDialog
            open={open.kind === "propose"}
            onClose={close}
            routineId={routineId}
            propose={actions.propose}
            onProposed={proposedDone}
          />
          <DeleteDialog
            item={open.kind === "delete" ? open.item : null}
            onClose={close}
            routineId={routineId}
            remove={actions.remove}
            onError={(message) => setNotice({ tone: "error", title: message })}
          />
        </>
      ) : null}
    </div>
  );
}
