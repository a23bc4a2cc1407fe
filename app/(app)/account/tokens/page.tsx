import type { Metadata } from "next";
import { connection } from "next/server";
import { CreateTokenForm } from "@/components/account/create-token-form";
import { TokenTable } from "@/components/account/token-table";
import { Alert, ButtonLink, PageHeader } from "@/components/ui";
import { scopesAllowedFor } from "@/lib/access";
import { loadOrError } from "@/lib/actions";
import { getViewer } from "@/lib/session";
import { listApiTokens } from "@/lib/db/users";
import { createApiTokenAction, revokeApiTokenAction } from "./actions";

export const metadata: Metadata = { title: "API tokens" };

/**
 * The signed-in user's personal API tokens (any role): create one with the scopes their roles allow and an expiry
 * (shown once), see what each may do, when it expires and when it was used, revoke.
 */
export default async function ApiTokensPage() {
  // Per request, never prerendered: the list is the signed-in user's (read before the try, so the build sees it).
  await connection();
  const viewer = await getViewer();
  const tokens = await loadOrError(async () => listApiTokens(viewer));
  return (
    <div data-testid="tokens-page">
      <PageHeader
        title="API tokens"
        description={
          <>
            Other systems use a personal token to work as you, within its scopes: start runs with{" "}
            <code className="font-mono text-xs">POST /api/runs</code> and{" "}
            <code className="font-mono text-xs">{"{ routineId, inputs }"}</code>, follow them at{" "}
            <code className="font-mono text-xs">/api/runs/&lt;id&gt;/events</code>, or export training data.
          </>
        }
        actions={
          <ButtonLink href="/docs/api" variant="secondary" data-testid="tokens-api-reference">
            API reference
          </ButtonLink>
        }
      />
      <div className="space-y-6">
        <CreateTokenForm action={createApiTokenAction} allowedScopes={scopesAllowedFor(viewer?.roles ?? [])} />
        {tokens.error !== null ? (
          <Alert tone="error" title="Your tokens could not be loaded">
            {tokens.error}
          </Alert>
        ) : (
          <TokenTable
            tokens={tokens.data.map((token) => ({
              id: token.id,
              name: token.name,
              prefix: token.prefix,
              scopes: token.scopes,
              expiresAt: token.expiresAt?.toISOString() ?? null,
              createdAt: token.createdAt.toISOString(),
              lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
              revokedAt: token.revokedAt?.toISOString() ?? null,
            }))}
            revoke={revokeApiTokenAction}
          />
        )}
      </div>
    </div>
  );
}
