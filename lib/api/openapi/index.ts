// The OpenAPI 3.1 document of the HTTP API, generated from the routes' zod schemas (decision 0045).
import "server-only";
export { buildOpenApiDocument, openApiDocument, type OpenApiDocument } from "./document";
