"use client";

import { Plus } from "lucide-react";
import { useState } from "react";
import { Button, Dialog } from "@/components/ui";
import { ServerForm } from "./server-form";
import type { AllowedStdioCommand, ServerFormAction } from "./tool-types";

/** "Add server" and its dialog. The form is remounted each time it opens, so it starts blank. */
export function AddServerButton({
  action,
  allowedCommands,
}: {
  action: ServerFormAction;
  allowedCommands: AllowedStdioCommand[];
}) {
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  return (
    <>
      <Button
        onClick={() => {
          setRound((n) => n + 1);
          setOpen(true);
        }}
        data-testid="add-server"
      >
        <Plus className="size-4" aria-hidden="true" />
        Add server
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Add a tool server"
        description="An MCP server the app calls tools on. Its tools appear in every routine designer."
        testId="add-server-dialog"
      >
        <div className="px-5 py-4">
          <ServerForm key={round} action={action} allowedCommands={allowedCommands} />
        </div>
      </Dialog>
    </>
  );
}
