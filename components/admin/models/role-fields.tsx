import { Field, Input } from "@/components/ui";
import type { RoleFormView } from "./model-types";

type Props = { role: RoleFormView; errors?: Record<string, string[]>; source: "database" | "environment" | "none" };

/** One role's model, timeout (in seconds) and retries. An empty model leaves the role unconfigured. */
export function RoleFields({ role, errors, source }: Props) {
  const id = `models-${role.role}`;
  const error = (field: string) => errors?.[`roles.${role.role}.${field}`];
  return (
    <fieldset className="space-y-3 rounded-lg border border-border p-4" data-testid={`${id}-fields`}>
      <legend className="px-1 text-sm font-medium text-foreground">{role.title}</legend>
      <p className="text-xs text-muted">{role.purpose}</p>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <Field
          id={`${id}-model`}
          label="Model"
          hint={
            source === "environment"
              ? `Empty: not configured. From ${role.modelEnvVar} until saved here.`
              : "Empty: this role is not configured."
          }
          errors={error("model")}
        >
          {(aria) => (
            <Input
              {...aria}
              name={`${role.role}.model`}
              defaultValue={role.model}
              autoComplete="off"
              placeholder="e.g. gpt-4.1-mini or llama3.1:8b"
              data-testid={`${id}-model`}
            />
          )}
        </Field>
        <Field id={`${id}-timeout`} label="Timeout (seconds)" hint="Per attempt, 1–600." errors={error("timeoutMs")}>
          {(aria) => (
            <Input
              {...aria}
              name={`${role.role}.timeoutSeconds`}
              type="number"
              inputMode="numeric"
              min={1}
              max={600}
              defaultValue={role.timeoutMs / 1000}
              data-testid={`${id}-timeout`}
            />
          )}
        </Field>
        <Field id={`${id}-retries`} label="Retries" hint="On 429, 5xx and timeouts, 0–8." errors={error("maxRetries")}>
          {(aria) => (
            <Input
              {...aria}
              name={`${role.role}.maxRetries`}
              type="number"
              inputMode="numeric"
              min={0}
              max={8}
              defaultValue={role.maxRetries}
              data-testid={`${id}-retries`}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
