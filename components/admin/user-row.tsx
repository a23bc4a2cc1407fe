"use client";

import { Alert, Badge, Button, CopyField, Td, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { Role } from "@/lib/access";
import { RoleCheckboxes } from "./role-checkboxes";

type InviteResult = { email: string; inviteUrl: string | null };
type Action<D = undefined> = (state: ActionState<D>, formData: FormData) => Promise<ActionState<D>>;

export type UserRowData = {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  status: "active" | "invited" | "deactivated";
  createdAt: string;
};

export type UserRowActions = { setRoles: Action; setActive: Action; reissueInvite: Action<InviteResult> };

const STATUS_TONE = { active: "success", invited: "warning", deactivated: "neutral" } as const;

/** One user: their roles (editable), status, and what an admin may do with them. */
export function UserRow({ user, isSelf, actions }: { user: UserRowData; isSelf: boolean; actions: UserRowActions }) {
  const roles = useFormAction(actions.setRoles, { status: "idle" });
  const active = useFormAction(actions.setActive, { status: "idle" });
  const invite = useFormAction(actions.reissueInvite, { status: "idle" });
  const message = [roles.state, active.state, invite.state].find((state) => state.status !== "idle");
  return (
    <tr data-testid={`user-row-${user.email}`}>
      <Td>
        <p className="font-medium">
          {user.name} {isSelf ? <span className="text-xs text-muted">(you)</span> : null}
        </p>
        <p className="text-xs text-muted">{user.email}</p>
      </Td>
      <Td>
        <Badge tone={STATUS_TONE[user.status]} data-testid="user-status">
          {user.status}
        </Badge>
      </Td>
      <Td>
        <form
          action={roles.formAction}
          onSubmit={roles.onSubmit}
          className="flex flex-wrap items-center gap-2"
          aria-label={`Roles of ${user.email}`}
        >
          <input type="hidden" name="userId" value={user.id} />
          <RoleCheckboxes idPrefix={`roles-${user.id}`} defaultRoles={user.roles} compact />
          <Button type="submit" size="sm" variant="secondary" pending={roles.pending} data-testid="save-roles">
            Save roles
          </Button>
        </form>
        {message ? (
          <div className="mt-2" data-testid="user-row-message">
            <Alert tone={message.status === "error" ? "error" : "success"}>
              {"message" in message ? message.message : null}
              {message === invite.state && invite.state.status === "success" && invite.state.data?.inviteUrl ? (
                <CopyField value={invite.state.data.inviteUrl} label="Invitation link" testId="invite-link" />
              ) : null}
            </Alert>
          </div>
        ) : null}
      </Td>
      <Td className="text-right">
        <div className="flex flex-wrap justify-end gap-2">
          {user.status === "invited" ? (
            <form action={invite.formAction} onSubmit={invite.onSubmit}>
              <input type="hidden" name="userId" value={user.id} />
              <Button type="submit" size="sm" variant="secondary" pending={invite.pending} data-testid="reissue-invite">
                New invite link
              </Button>
            </form>
          ) : null}
          {isSelf ? null : (
            <form action={active.formAction} onSubmit={active.onSubmit}>
              <input type="hidden" name="userId" value={user.id} />
              <input type="hidden" name="active" value={user.status === "deactivated" ? "true" : "false"} />
              <Button
                type="submit"
                size="sm"
                variant={user.status === "deactivated" ? "secondary" : "danger"}
                pending={active.pending}
                data-testid="toggle-active"
              >
                {user.status === "deactivated" ? "Reactivate" : "Deactivate"}
              </Button>
            </form>
          )}
        </div>
      </Td>
    </tr>
  );
}
