import { openApiDocument } from "@/lib/api/openapi";

// Node runtime: the document is generated from the routes' own schemas, which sit beside the DAL's code. Dynamic, so
// the build does not load that code to prerender it; the document itself is built once per process.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The OpenAPI 3.1 document of every /api route (lib/api/openapi), for clients, code generators and the API page.
 * Public: it describes the routes and holds no data. Cached for five minutes: it changes only with a deploy.
 */
export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
