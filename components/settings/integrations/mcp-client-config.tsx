import { Card, CardBody, CardHeader } from "@/components/ui";
import { httpClientConfig, stdioCommand } from "./client-config";
import { CopyButton } from "@/components/ui";
import { TokenLink } from "./token-link";

const codeBlock =
  "overflow-x-auto rounded-lg border border-border bg-surface-muted px-4 py-3 font-mono text-xs leading-relaxed text-foreground focus-visible:outline-2 focus-visible:outline-ring";

/** The configuration to paste into an MCP client, and the bridge command for clients that only speak stdio. */
export function McpClientConfig({ endpoint }: { endpoint: string }) {
  const config = httpClientConfig(endpoint);
  const command = stdioCommand(endpoint);
  return (
    <Card data-testid="mcp-client-config-card">
      <CardHeader
        title="Client configuration"
        description={
          <>
            Paste this into the client&apos;s MCP settings (Cursor&apos;s <code className="font-mono">mcp.json</code>,
            or any client that reads <code className="font-mono">mcpServers</code> in the Claude Desktop style) and put
            your token in place of <code className="font-mono">&lt;your API token&gt;</code>.
          </>
        }
        actions={<CopyButton value={config} label="client configuration" testId="mcp-client-config-copy" />}
      />
      <CardBody className="space-y-4">
        {/* Focusable, so a keyboard can scroll a line wider than the card. */}
        <pre
          className={codeBlock}
          tabIndex={0}
          aria-label="Client configuration (JSON)"
          data-testid="mcp-client-config"
        >
          {config}
        </pre>
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">
              A client that only starts local (stdio) servers connects through{" "}
              <code className="font-mono text-xs">mcp-remote</code>, with the token in the environment variable{" "}
              <code className="font-mono text-xs">TOKEN</code>:
            </p>
            <CopyButton value={command} label="stdio command" testId="mcp-client-stdio-copy" />
          </div>
          <pre className={codeBlock} tabIndex={0} aria-label="Command for stdio clients" data-testid="mcp-client-stdio">
            {command}
          </pre>
        </div>
        <p className="text-sm text-muted">
          No token yet? <TokenLink testId="mcp-config-token-link">Create one with the scope Start runs</TokenLink>; it
          is shown once.
        </p>
      </CardBody>
    </Card>
  );
}
