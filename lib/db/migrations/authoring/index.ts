// Authoring the next migration offline: the schema diff through the wasm schema engine (npm run db:migration:new).
// Kept out of lib/db/migrations' index so the server, which only applies migrations, never bundles the engine.
export { diffSchemas } from "./schema-diff";
