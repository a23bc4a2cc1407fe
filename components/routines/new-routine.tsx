"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, Button, ButtonLink, Dialog, TabList, TabPanel } from "@/components/ui";
import type { CreateRoutineAction, CreatedRoutineData } from "./library-types";
import { NewRoutineBlankForm } from "./new-routine-blank-form";
import { NewRoutineSourceForm } from "./new-routine-source-form";

type Option = "blank" | "text" | "json";
const OPTIONS: ReadonlyArray<{ id: Option; label: string }> = [
  { id: "blank", label: "Blank" },
  { id: "text", label: "From text" },
  { id: "json", label: "From JSON" },
];

type Props = { actions: { blank: CreateRoutineAction; text: CreateRoutineAction; json: CreateRoutineAction } };

/**
 * "New routine": a dialog with three ways to start. On success the dialog closes and the library points at the
 * new routine; when the text parser left warnings, they are shown here first.
 */
export function NewRoutine({ actions }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [option, setOption] = useState<Option>("blank");
  const [created, setCreated] = useState<CreatedRoutineData | null>(null);
  // A new key after each success gives the next routine fresh forms; errors keep what was typed.
  const [generation, setGeneration] = useState(0);

  const finish = (id: string) => {
    setOpen(false);
    setCreated(null);
    router.replace(`/routines?notice=created&id=${encodeURIComponent(id)}`);
  };
  const onCreated = (data: CreatedRoutineData) => {
    setGeneration((value) => value + 1);
    if (data.warnings.length > 0) setCreated(data);
    else finish(data.id);
  };
  const wrap =
    (action: CreateRoutineAction): CreateRoutineAction =>
    async (state, formData) => {
      const result = await action(state, formData);
      if (result.status === "success") onCreated(result.data);
      return result;
    };

  return (
    <>
      <Button type="button" onClick={() => setOpen(true)} data-testid="new-routine">
        <Plus className="size-4" aria-hidden="true" />
        New routine
      </Button>
      <Dialog
        open={open}
        onClose={() => (created ? finish(created.id) : setOpen(false))}
        title="New routine"
        description="Start from nothing, from an expert's step-by-step text, or from a routine exported as JSON."
        testId="new-routine-dialog"
      >
        {created ? (
          <div className="space-y-4" data-testid="new-routine-warnings">
            <Alert tone="warning" title={`“${created.name}” was created, with notes to check`}>
              <ul className="list-disc space-y-1 pl-4">
                {created.warnings.map((warning, index) => (
                  <li key={index}>
                    <span className="font-mono text-xs">Line {warning.line}:</span> {warning.message}
                  </li>
                ))}
              </ul>
            </Alert>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" onClick={() => finish(created.id)}>
                Back to the library
              </Button>
              <ButtonLink href={`/routines/${created.id}`}>Open the routine</ButtonLink>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <TabList tabs={OPTIONS} value={option} onChange={setOption} idPrefix="new-routine" label="How to start" />
            <TabPanel idPrefix="new-routine" id="blank" active={option === "blank"}>
              <NewRoutineBlankForm key={`blank-${generation}`} action={wrap(actions.blank)} />
            </TabPanel>
            <TabPanel idPrefix="new-routine" id="text" active={option === "text"}>
              <NewRoutineSourceForm key={`text-${generation}`} kind="text" action={wrap(actions.text)} />
            </TabPanel>
            <TabPanel idPrefix="new-routine" id="json" active={option === "json"}>
              <NewRoutineSourceForm key={`json-${generation}`} kind="json" action={wrap(actions.json)} />
            </TabPanel>
          </div>
        )}
      </Dialog>
    </>
  );
}
