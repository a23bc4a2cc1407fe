import { Checkbox } from "@/components/ui";
import { ROLE_INFO, ROLES, type Role } from "@/lib/access";

/** The four roles as checkboxes named `roles`, for the create and edit forms. */
export function RoleCheckboxes({
  idPrefix,
  defaultRoles = [],
  compact = false,
}: {
  idPrefix: string;
  defaultRoles?: Role[];
  compact?: boolean;
}) {
  return (
    <div className={compact ? "flex flex-wrap gap-x-1" : "grid gap-1 sm:grid-cols-2"}>
      {ROLES.map((role) => (
        <Checkbox
          key={role}
          id={`${idPrefix}-${role}`}
          name="roles"
          value={role}
          defaultChecked={defaultRoles.includes(role)}
          label={ROLE_INFO[role].label}
          description={compact ? undefined : ROLE_INFO[role].description}
          data-testid={`${idPrefix}-${role}`}
        />
      ))}
    </div>
  );
}
