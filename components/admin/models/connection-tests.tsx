"use client";

import { Badge, Button, Card, CardHeader, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { ConnectionTestData, RoleFormView } from "./model-types";

type TestAction = (
  state: ActionState<ConnectionTestData>,
  formData: FormData,
) => Promise<ActionState<ConnectionTestData>>;

function TestRow({ role, action }: { role: RoleFormView; action: TestAction }) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, {
    status: "idle",
  } as ActionState<ConnectionTestData>);
  const result = state.status === "success" ? state.data : undefined;
  const id = `models-test-${role.role}`;
  return (
    <li className="flex flex-wrap items-start gap-3 border-b border-border px-5 py-3 last:border-b-0" data-testid={id}>
      <div className="min-w-40 flex-1">
        <p className="text-sm font-medium text-foreground">{role.title}</p>
        <p className="text-xs text-muted">
          {role.model ? (
            <span className="font-mono">{role.model}</span>
          ) : (
            "No model set: the test lists the endpoint's models."
          )}
        </p>
      </div>
      <div
        className="flex-[2] text-sm"
        aria-live="polite"
        data-testid={`${id}-result`}
        data-ok={result ? String(result.ok) : undefined}
      >
        {result ? (
          <div className="space-y-1">
            <div className="flex items-center gap-2">
              <Badge tone={result.ok ? "success" : "danger"} data-testid={`${id}-status`}>
                {result.ok ? "Connected" : "Failed"}
              </Badge>
              <span className="text-xs text-muted" data-testid={`${id}-latency`}>
                {result.latencyMs} ms
              </span>
            </div>
            <p className="text-xs text-muted" data-testid={`${id}-message`}>
              {result.message}
            </p>
          </div>
        ) : state.status === "error" ? (
          <p className="text-xs text-danger" role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
      <form action={formAction} onSubmit={onSubmit}>
        <input type="hidden" name="role" value={role.role} />
        <Button type="submit" variant="secondary" size="sm" pending={pending} data-testid={`${id}-button`}>
          Test connection
        </Button>
      </form>
    </li>
  );
}

/** One "Test connection" per role: a tiny real request with the saved settings, showing latency and what went wrong. */
export function ConnectionTests({ roles, action }: { roles: RoleFormView[]; action: TestAction }) {
  return (
    <Card data-testid="models-tests">
      <CardHeader
        title="Test connection"
        description="Sends one tiny request with the saved settings (a 1-token chat, or the models list when a role has no model)."
      />
      <ul>
        {roles.map((role) => (
          <TestRow key={role.role} role={role} action={action} />
        ))}
      </ul>
    </Card>
  );
}
