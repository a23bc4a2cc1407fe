"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { Badge, Button, Checkbox, cn, Input, Textarea } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { ExpectedAnswerSource } from "@/lib/evaluations/scoring";
import { AnswerOriginBadge } from "../results/answer-origin";
import { draftGroups, emptyArgument, emptyCall, type CallDraft, type DraftGroup } from "./case-draft";
import type { CaseToolView } from "./case-types";

type Props = {
  calls: CallDraft[];
  /** Where each call's answer will come from when a suite runs the case (expectedAnswerSources). */
  sources: ExpectedAnswerSource[];
  tools: CaseToolView[];
  readOnly: boolean;
  errors: Record<string, string>;
  onChange: (calls: CallDraft[]) => void;
};

/**
 * The expected calls in order: per call a tool chosen from the routine's tools (a tool the routine no longer has
 * stays listed, marked), then its arguments, each with its accepted values one per line and an optional box. A call
 * after the first may join the call above in an order-free group ("Any order with the call above"); a group's calls
 * share a bar on their left and a "Group n: any order" label.
 */
export function ExpectedCallsEditor({ calls, sources, tools, readOnly, errors, onChange }: Props) {
  const update = (index: number, call: CallDraft) => onChange(calls.map((item, at) => (at === index ? call : item)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...calls];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const groups = draftGroups(calls);
  return (
    <fieldset className="space-y-3" data-testid="expected-calls">
      <legend className="text-sm font-medium text-foreground">Expected calls, in order</legend>
      {calls.length === 0 ? (
        <p className="text-xs text-muted">No calls: a correct run calls no tool for this request.</p>
      ) : (
        <p className="text-xs text-muted" data-testid="answer-sources-note">
          In a suite each call is answered <span className="font-medium">live</span> when its tool only reads, from its{" "}
          <span className="font-medium">pinned</span> output when the case pins one, and is{" "}
          <span className="font-medium text-warning">simulated</span> when its tool changes data: an evaluation never
          calls such a tool, and a simulated answer carries no real data, so pin the outputs later steps depend on.
        </p>
      )}
      {calls.length > 1 && !readOnly ? (
        <p className="text-xs text-muted">
          Calls a run may make together, in any order (a model sends independent calls in one turn): tick{" "}
          <span className="font-medium">Any order with the call above</span> on each call after the first of them.
        </p>
      ) : null}
      <ol className="space-y-3">
        {calls.map((call, index) => (
          <li
            key={call.key}
            className={cn(
              "space-y-2 rounded-lg border border-border p-3",
              groups[index] && "border-l-4 border-l-accent",
            )}
            data-testid="expected-call"
            data-group={groups[index]?.number}
            aria-label={
              groups[index] ? `Call ${index + 1}, group ${groups[index].number}, any order` : `Call ${index + 1}`
            }
          >
            <GroupControls
              call={call}
              index={index}
              group={groups[index] ?? null}
              readOnly={readOnly}
              onChange={(next) => update(index, next)}
            />
            <CallHeader
              call={call}
              source={call.tool.trim() === "" ? null : (sources[index] ?? null)}
              index={index}
              count={calls.length}
              tools={tools}
              readOnly={readOnly}
              onChange={(next) => update(index, next)}
              onMove={(by) => move(index, by)}
              onRemove={() => onChange(calls.filter((_, at) => at !== index))}
            />
            <ArgumentRows call={call} index={index} readOnly={readOnly} onChange={(next) => update(index, next)} />
            {errors[`call-${index}`] ? (
              <p className="text-xs font-medium text-danger" role="alert">
                {errors[`call-${index}`]}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => onChange([...calls, emptyCall()])}
          data-testid="add-call"
        >
          <Plus className="size-4" aria-hidden="true" /> Add a call
        </Button>
      )}
    </fieldset>
  );
}

/** The group label on a grouped call, and (after the first call) the box that joins it to the call above. */
function GroupControls(props: {
  call: CallDraft;
  index: number;
  group: DraftGroup | null;
  readOnly: boolean;
  onChange: (call: CallDraft) => void;
}) {
  const { call, index, group, readOnly } = props;
  if (index === 0 && !group) return null;
  if (readOnly && !group) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {group ? (
        <Badge tone="accent" data-testid="call-group">
          Group {group.number}: any order
          {group.first ? ` (${group.size} calls)` : ""}
        </Badge>
      ) : null}
      {index > 0 && !readOnly ? (
        <Checkbox
          id={`call-${call.key}-with-above`}
          label="Any order with the call above"
          checked={call.withAbove}
          onChange={(event) => props.onChange({ ...call, withAbove: event.target.checked })}
          data-testid="call-with-above"
        />
      ) : null}
    </div>
  );
}

function CallHeader(props: {
  call: CallDraft;
  source: ExpectedAnswerSource | null;
  index: number;
  count: number;
  tools: CaseToolView[];
  readOnly: boolean;
  onChange: (call: CallDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { call, index, count, tools, readOnly } = props;
  const known = tools.some((tool) => tool.name === call.tool);
  const chooseTool = (name: string) => {
    const tool = tools.find((item) => item.name === name);
    // A fresh call gets a row per parameter of its tool; a call with arguments keeps them.
    const hasArgs = call.args.some((arg) => arg.name.trim() !== "" || arg.accepted.trim() !== "");
    props.onChange({
      ...call,
      tool: name,
      args: hasArgs || !tool ? call.args : tool.parameters.map((p) => emptyArgument(p)),
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-xs font-medium text-muted">{index + 1}.</span>
      <label className="sr-only" htmlFor={`call-${call.key}-tool`}>
        Tool of call {index + 1}
      </label>
      <Select
        id={`call-${call.key}-tool`}
        value={call.tool}
        disabled={readOnly}
        onChange={(event) => chooseTool(event.target.value)}
        className="w-auto min-w-48 flex-1"
        data-testid="call-tool"
      >
        <option value="">Choose a tool…</option>
        {call.tool !== "" && !known ? <option value={call.tool}>{call.tool} (no longer in the routine)</option> : null}
        {tools.map((tool) => (
          <option key={`${tool.server}/${tool.name}`} value={tool.name}>
            {tool.name} ({tool.server}){tool.sideEffects === "read_only" ? "" : ", changes data"}
          </option>
        ))}
      </Select>
      {props.source ? (
        <span data-testid="call-answer-source" data-source={props.source}>
          <AnswerOriginBadge origin={props.source} prefix={`Call ${index + 1} will be answered`} />
        </span>
      ) : null}
      {readOnly ? null : (
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
            aria-label={`Move call ${index + 1} up`}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={index === count - 1}
            onClick={() => props.onMove(1)}
            aria-label={`Move call ${index + 1} down`}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={props.onRemove}
            aria-label={`Remove call ${index + 1}`}
            data-testid="remove-call"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      )}
    </div>
  );
}

function ArgumentRows(props: {
  call: CallDraft;
  index: number;
  readOnly: boolean;
  onChange: (call: CallDraft) => void;
}) {
  const { call, index, readOnly } = props;
  const setArg = (at: number, patch: Partial<CallDraft["args"][number]>) =>
    props.onChange({ ...call, args: call.args.map((arg, i) => (i === at ? { ...arg, ...patch } : arg)) });
  return (
    <div className="space-y-2 pl-5">
      {call.args.length === 0 ? <p className="text-xs text-muted">No arguments.</p> : null}
      {call.args.map((arg, at) => (
        <div key={arg.key} className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto]" data-testid="call-argument">
          <Input
            value={arg.name}
            readOnly={readOnly}
            placeholder="argument"
            aria-label={`Call ${index + 1}, argument ${at + 1}: name`}
            onChange={(event) => setArg(at, { name: event.target.value })}
            className="h-9 font-mono text-xs"
            data-testid="argument-name"
          />
          <Textarea
            mono
            rows={Math.max(1, Math.min(4, arg.accepted.split("\n").length))}
            value={arg.accepted}
            readOnly={readOnly}
            placeholder="accepted values, one per line (JSON or text)"
            aria-label={`Call ${index + 1}, argument ${arg.name || at + 1}: accepted values, one per line`}
            onChange={(event) => setArg(at, { accepted: event.target.value })}
            data-testid="argument-accepted"
          />
          <div className="flex items-start gap-1">
            <Checkbox
              id={`arg-${arg.key}-optional`}
              label="Optional"
              checked={arg.optional}
              disabled={readOnly}
              onChange={(event) => setArg(at, { optional: event.target.checked })}
              data-testid="argument-optional"
            />
            {readOnly ? null : (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => props.onChange({ ...call, args: call.args.filter((_, i) => i !== at) })}
                aria-label={`Remove argument ${arg.name || at + 1} of call ${index + 1}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>
      ))}
      {readOnly ? null : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => props.onChange({ ...call, args: [...call.args, emptyArgument()] })}
          data-testid="add-argument"
        >
          <Plus className="size-4" aria-hidden="true" /> Add an argument
        </Button>
      )}
    </div>
  );
}
