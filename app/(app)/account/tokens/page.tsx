import type { Metadata } from "next";
import { connection } from "next/server";
import { CreateTokenForm } from "@/components/account/create-token-form";
import { TokenTable } from "@/components/account/token-table";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { getViewer } from "@/lib/session";
import { listApiTokens } from "@/lib/db/users";
import { createApiTokenAction, revokeApiTokenAction } from "./actions";

export const metadata: Metadata = { title: "API tokens" };

/** The signed-in user's personal API tokens (any role): create one (shown once), see when each was used, revoke. */
export default async function ApiTokensPage() {
  // Per request, never prerendered: the list is the signed-in user's (read before the try, so the build sees it).
  await connection();
  const tokens = await loadOrError(async () => listApiTokens(await getViewer()));
  return (
    <div data-testid="tokens-page">
      <PageHeader
        title="API tokens"
        description={
          <>
            Other systems use a personal token to start runs as you:{" "}
            <code className="font-mono text-xs">POST /api/runs</code> with{" "}
            <code className="font-mono text-xs">{"{ routineId, inputs }"}</code>, then follow{" "}
            <code className="font-mono text-xs">/api/runs/&lt;id&gt;/events</code>.
          </>
        }
      />
      <div className="space-y-6">
        <CreateTokenForm action={createApiTokenAction} />
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
