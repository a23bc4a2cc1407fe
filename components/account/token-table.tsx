"use client";

import { KeyRound } from "lucide-react";
import { RelativeTimeLabel } from "@/components/routines/relative-time-label";
import { Alert, Badge, Button, EmptyState, Table, Td, Th, useFormAction } from "@/components/ui";
import { TOKEN_SCOPE_INFO } from "@/lib/access";
import { TokenExpiryLabel } from "./token-expiry-label";
import type { RevokeTokenAction, TokenRow } from "./token-types";

/**
 * The viewer's tokens: name, first characters, what each may do, when it expires, when created and last used; active
 * ones can be revoked.
 */
export function TokenTable({ tokens, revoke }: { tokens: TokenRow[]; revoke: RevokeTokenAction }) {
  if (tokens.length === 0) {
    return (
      <EmptyState icon={KeyRound} title="No tokens yet" testId="tokens-empty">
        Create one for each system that should work with runs as you, with only the scopes it needs; revoke it when that
        system no longer needs it.
      </EmptyState>
    );
  }
  return (
    <div className="rounded-xl border border-border bg-surface shadow-sm">
      <Table data-testid="token-table">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Token</Th>
            <Th>Scopes</Th>
            <Th>Expiry</Th>
            <Th>Created</Th>
            <Th>Last used</Th>
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr
              key={token.id}
              data-testid={`token-row-${token.id}`}
              data-revoked={token.revokedAt ? "true" : undefined}
            >
              <Td className="font-medium">{token.name}</Td>
              <Td>
                <code className="font-mono text-xs text-muted">{token.prefix}…</code>
              </Td>
              <Td>
                <ul className="flex flex-wrap gap-1" aria-label={`What “${token.name}” may do`}>
                  {token.scopes.map((scope) => (
                    <li key={scope}>
                      <Badge title={scope} data-testid={`token-scope-badge-${scope}`}>
                        {TOKEN_SCOPE_INFO[scope].label}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </Td>
              <Td className="text-muted">
                <TokenExpiryLabel expiresAt={token.expiresAt} />
              </Td>
              <Td className="text-muted">
                <RelativeTimeLabel iso={token.createdAt} />
              </Td>
              <Td className="text-muted">
                {token.lastUsedAt ? <RelativeTimeLabel iso={token.lastUsedAt} /> : "never"}
              </Td>
              <Td className="text-right">
                {token.revokedAt ? (
                  <Badge>revoked</Badge>
                ) : (
                  <RevokeButton tokenId={token.id} name={token.name} revoke={revoke} />
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function RevokeButton({ tokenId, name, revoke }: { tokenId: string; name: string; revoke: RevokeTokenAction }) {
  const { state, formAction, onSubmit, pending } = useFormAction(revoke, { status: "idle" });
  return (
    <form
      action={formAction}
      onSubmit={(event) => {
        if (!window.confirm(`Revoke “${name}”? Systems using it are refused from now on.`))
          return event.preventDefault();
        onSubmit(event);
      }}
      className="inline-flex flex-col items-end gap-1"
    >
      <input type="hidden" name="tokenId" value={tokenId} />
      <Button type="submit" size="sm" variant="danger" pending={pending} data-testid={`token-revoke-${tokenId}`}>
        Revoke
      </Button>
      {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
    </form>
  );
}
