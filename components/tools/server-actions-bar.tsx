"use client";

import { Pencil, Power, RefreshCw, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, Button, Dialog } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import { InlineAction } from "./inline-action";
import { ServerForm } from "./server-form";
import type { AllowedStdioCommand, ServerActions, ToolServerView } from "./tool-types";

type Props = {
  server: ToolServerView;
  actions: ServerActions;
  canManage: boolean;
  canRefresh: boolean;
  allowedCommands: AllowedStdioCommand[];
};

/** Refresh (admins and operators); enable/disable, edit and remove (admins; the demo server only toggles). */
export function ServerActionsBar({ server, actions, canManage, canRefresh, allowedCommands }: Props) {
  const router = useRouter();
  const [outcome, setOutcome] = useState<ActionState>({ status: "idle" });
  const [editing, setEditing] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const fields = { serverId: server.id };
  const testId = (what: string) => `server-${what}-${server.name}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {canRefresh ? (
          <InlineAction
            action={actions.refresh}
            fields={fields}
            onState={setOutcome}
            testId={testId("refresh")}
            label={
              <>
                <RefreshCw className="size-4" aria-hidden="true" />
                Refresh
              </>
            }
          />
        ) : null}
        {canManage ? (
          <InlineAction
            action={actions.setEnabled}
            fields={{ ...fields, enabled: String(!server.enabled) }}
            onState={setOutcome}
            testId={testId("toggle")}
            label={
              <>
                <Power className="size-4" aria-hidden="true" />
                {server.enabled ? "Disable" : "Enable"}
              </>
            }
          />
        ) : null}
        {canManage && !server.builtIn ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)} data-testid={testId("edit")}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="danger" onClick={() => setConfirmingRemove(true)} data-testid={testId("remove")}>
              <Trash2 className="size-4" aria-hidden="true" />
              Remove
            </Button>
          </>
        ) : null}
      </div>
      {outcome.status !== "idle" ? (
        <Alert tone={outcome.status === "error" ? "error" : "success"} testId={testId("outcome")}>
          {outcome.message}
        </Alert>
      ) : null}
      {canManage && !server.builtIn ? (
        <>
          <Dialog
            open={editing}
            onClose={() => setEditing(false)}
            title={`Edit ${server.name}`}
            testId={testId("edit-dialog")}
          >
            <div className="px-5 py-4">
              <ServerForm action={actions.update} allowedCommands={allowedCommands} server={server} />
            </div>
          </Dialog>
          <Dialog
            open={confirmingRemove}
            onClose={() => setConfirmingRemove(false)}
            title={`Remove ${server.name}?`}
            description="Its tools leave the palette; routines that use them will show them as unknown. This cannot be undone."
            testId={testId("remove-dialog")}
          >
            <div className="flex justify-end gap-2 px-5 py-4">
              <Button variant="secondary" onClick={() => setConfirmingRemove(false)}>
                Cancel
              </Button>
              <InlineAction
                action={actions.remove}
                fields={fields}
                variant="danger"
                onState={(state) => {
                  setOutcome(state);
                  setConfirmingRemove(false);
                  // The server's own page no longer exists: go back to the list, which no longer shows it.
                  if (state.status === "success") router.push("/tools");
                }}
                testId={testId("remove-confirm")}
                label="Remove server"
              />
            </div>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}
