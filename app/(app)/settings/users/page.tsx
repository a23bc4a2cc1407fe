import type { Metadata } from "next";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { UserTable } from "@/components/admin/user-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { sectionAccess } from "@/lib/session";
import { listUsers } from "@/lib/db/users";
import { createUserAction, reissueInvitationAction, setUserActiveAction, setUserRolesAction } from "./actions";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  const users = await loadOrError(() => listUsers(viewer));
  return (
    <>
      <PageHeader
        title="Users and roles"
        description="Invite people, choose what each may do, and deactivate those who left."
      />
      <div className="space-y-6">
        {users.error ? (
          <Alert tone="error" title="Users could not be loaded">
            {users.error}
          </Alert>
        ) : null}
        <CreateUserForm action={createUserAction} />
        {users.data === null ? null : (
          <UserTable
            users={users.data.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() }))}
            viewerId={viewer.id}
            actions={{
              setRoles: setUserRolesAction,
              setActive: setUserActiveAction,
              reissueInvite: reissueInvitationAction,
            }}
          />
        )}
      </div>
    </>
  );
}
