// Authoring the next migration offline: the schema diff through the wasm schema engine (npm run db:migration:new), and
// the PostgreSQL twin of the schema generated from the source (also written by npm run db:generate).
// Kept out of lib/db/migrations' index so the server, which only applies migrations, never bundles the engine.
export { diffSchemas } from "./schema-diff";
export {
  POSTGRES_MIGRATIONS_PATH,
  POSTGRES_SCHEMA_PATH,
  postgresSchemaFrom,
  writePostgresSchema,
} from "./postgres-schema";
