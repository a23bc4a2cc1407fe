import { Card, CardBody, CardHeader, CopyField } from "@/components/ui";
import { TokenLink } from "./token-link";

/** Where MCP clients connect, and how they sign in: a personal API token that may start runs. */
export function McpEndpointCard({ endpoint }: { endpoint: string }) {
  return (
    <Card data-testid="mcp-endpoint-card">
      <CardHeader
        title="MCP endpoint"
        description="One address for every client, over Streamable HTTP. Each published routine is a tool; run_by_request lets a client describe a task in words and procedure memory picks the routine."
      />
      <CardBody className="space-y-3">
        <CopyField value={endpoint} label="MCP endpoint URL" testId="mcp-endpoint" copyTestId="mcp-endpoint-copy" />
        <p className="text-sm text-muted">
          Clients sign in with a personal API token holding the scope <strong>Start runs</strong> (
          <code className="font-mono text-xs">runs:start</code>), sent as{" "}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>. A client works as the
          token&apos;s owner: it sees the routines an operator or admin may run, and its runs appear under Runs.{" "}
          <TokenLink testId="mcp-endpoint-token-link">Create a token under Account → API tokens</TokenLink>.
        </p>
      </CardBody>
    </Card>
  );
}
