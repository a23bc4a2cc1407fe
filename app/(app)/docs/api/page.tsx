import type { Metadata } from "next";
import { connection } from "next/server";
import { ApiReference } from "@/components/api-docs/api-reference";
import { PageHeader } from "@/components/ui";
import { openApiDocument } from "@/lib/api/openapi";

export const metadata: Metadata = { title: "API" };

/**
 * The HTTP API's reference for anyone signed in (the layout sees to that; the document itself is public at
 * /api/openapi.json and holds no data): the OpenAPI document generated from the routes' schemas, rendered in the page.
 */
export default async function ApiDocsPage() {
  // Per request, never prerendered: the build need not load the route modules the document is generated from.
  await connection();
  return (
    <div data-testid="api-docs-page">
      <PageHeader
        title="API"
        description={
          <>
            Every route under <code className="font-mono text-xs">/api</code>, from the schemas the routes check their
            requests with; the same document as JSON is at{" "}
            <a href="/api/openapi.json" className="text-accent underline" data-testid="api-docs-json">
              /api/openapi.json
            </a>
            .
          </>
        }
      />
      <ApiReference document={openApiDocument()} />
    </div>
  );
}
