import { createDocument } from "zod-openapi";
import packageJson from "../../../package.json";
import { TOKEN_SCOPE_INFO, TOKEN_SCOPES } from "../../access";
import { otherPaths } from "./other-paths";
import { runPaths } from "./run-paths";

/** The document's type: an OpenAPI 3.1 object as zod-openapi builds it. */
export type OpenApiDocument = ReturnType<typeof createDocument>;

const scopeList = TOKEN_SCOPES.map((scope) => `\`${scope}\` (${TOKEN_SCOPE_INFO[scope].description})`).join("; ");

/**
 * Builds the OpenAPI 3.1 document of every route under app/api from the zod schemas the routes validate with (request
 * bodies and queries) and those of their responses (schemas.ts, service-schemas.ts, mcp.ts). A test fails when a
 * route is missing from it or a response does not match it (lib/api/openapi/__tests__).
 */
export function buildOpenApiDocument(): OpenApiDocument {
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Routine Studio API",
        version: packageJson.version,
        description:
          "Start and follow runs of published routines, read the designer's working version, export training data, check health, and reach the MCP server of published routines. Authenticate with a personal API token (created under API tokens) or, from the app's own pages, the session cookie.",
      },
      servers: [{ url: "/" }],
      tags: [
        { name: "Runs", description: "Start runs and follow them." },
        { name: "Routines", description: "What the designer calls." },
        { name: "Evaluations", description: "Training data from runs and evaluation cases." },
        { name: "MCP", description: "Published routines as MCP tools (Streamable HTTP)." },
        { name: "System", description: "Health and this document." },
        { name: "Session", description: "better-auth's session endpoint." },
      ],
      paths: { ...runPaths, ...otherPaths },
      components: {
        securitySchemes: {
          bearerToken: {
            type: "http",
            scheme: "bearer",
            description: `A personal API token (\`Authorization: Bearer rs_…\`), created under Account → API tokens. It works as its owner, within its scopes, and never beyond the owner's roles. Each route names the one scope it needs: ${scopeList}.`,
          },
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: "better-auth.session_token",
            description:
              "The signed-in session of the app's own pages (`__Secure-` prefixed over https). Requests that change state must also carry the app's `Origin`.",
          },
        },
      },
    },
    { override: withoutNoise },
  );
}

/**
 * Drops what zod adds for its own checks but says nothing to a reader: the safe-integer bounds of every `.int()`, and
 * the long pattern beside `format: date-time`.
 */
function withoutNoise({ jsonSchema }: { jsonSchema: { [key: string]: unknown } }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
}

let built: OpenApiDocument | undefined;

/** The document, built once per process (it depends on nothing but the code). */
export function openApiDocument(): OpenApiDocument {
  return (built ??= buildOpenApiDocument());
}
