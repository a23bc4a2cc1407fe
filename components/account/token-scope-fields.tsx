import { Checkbox, Field } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { DEFAULT_TOKEN_EXPIRY_DAYS, TOKEN_EXPIRY_DAYS, TOKEN_SCOPE_INFO, type TokenScope } from "@/lib/access";

/** The scopes the viewer's roles allow, as checkboxes named `scopes`: each says what it lets a system do, and where. */
export function TokenScopeFields({ allowed, errors }: { allowed: TokenScope[]; errors?: string[] }) {
  return (
    <fieldset className="space-y-1" aria-describedby={errors?.length ? "token-scopes-error" : undefined}>
      <legend className="text-sm font-medium text-foreground">What it may do</legend>
      <p className="text-xs text-muted">Choose at least one. It never does more than your roles allow.</p>
      <div className="grid gap-1 sm:grid-cols-2">
        {allowed.map((scope) => (
          <Checkbox
            key={scope}
            id={`token-scope-${scope}`}
            name="scopes"
            value={scope}
            label={TOKEN_SCOPE_INFO[scope].label}
            description={
              <>
                {TOKEN_SCOPE_INFO[scope].description} <code className="font-mono">{scope}</code>
              </>
            }
            data-testid={`token-scope-${scope}`}
          />
        ))}
      </div>
      {errors?.length ? (
        <p id="token-scopes-error" className="text-xs font-medium text-danger" data-testid="token-scopes-error">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

const expiryLabel = (days: number) => (days === 365 ? "1 year" : `${days} days`);

/** How long the token lives: a few fixed choices, or no expiry. */
export function TokenExpiryField({ errors }: { errors?: string[] }) {
  return (
    <Field id="token-expiry" label="Expires after" hint="From then on it is refused; create a new one." errors={errors}>
      {(aria) => (
        <Select
          {...aria}
          name="expiresInDays"
          defaultValue={String(DEFAULT_TOKEN_EXPIRY_DAYS)}
          className="h-10"
          data-testid="token-expiry"
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {expiryLabel(days)}
            </option>
          ))}
          <option value="never">No expiry</option>
        </Select>
      )}
    </Field>
  );
}
