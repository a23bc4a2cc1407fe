import { Card, CardHeader, Table, Th } from "@/components/ui";
import { UserRow, type UserRowActions, type UserRowData } from "./user-row";

export function UserTable({
  users,
  viewerId,
  actions,
}: {
  users: UserRowData[];
  viewerId: string;
  actions: UserRowActions;
}) {
  return (
    <Card data-testid="user-table">
      <CardHeader
        title="Users"
        description={`${users.length} ${users.length === 1 ? "account" : "accounts"}. Changes take effect on their next page load.`}
      />
      <Table>
        <thead>
          <tr>
            <Th>User</Th>
            <Th>Status</Th>
            <Th>Roles</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === viewerId} actions={actions} />
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
