"use client";

import { Download } from "lucide-react";
import { useTransition } from "react";
import { Button } from "@/components/ui";
import type { CaseActions } from "./case-types";

/** Downloads the routine's active cases as JSONL (the import's format). */
export function ExportButton(props: {
  routineId: string;
  exportJsonl: CaseActions["exportJsonl"];
  disabled: boolean;
  onError: (message: string) => void;
}) {
  const [pending, startTransition] = useTransition();
  const download = () =>
    startTransition(async () => {
      const state = await props.exportJsonl({ routineId: props.routineId });
      if (state.status !== "success" || !state.data) {
        props.onError(state.status === "error" ? state.message : "The export failed; please try again.");
        return;
      }
      const url = URL.createObjectURL(new Blob([state.data.text], { type: "application/jsonl" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = state.data.fileName;
      link.click();
      URL.revokeObjectURL(url);
    });
  return (
    <Button
      variant="secondary"
      onClick={download}
      pending={pending}
      disabled={props.disabled}
      data-testid="export-cases"
    >
      <Download className="size-4" aria-hidden="true" /> Export JSONL
    </Button>
  );
}
