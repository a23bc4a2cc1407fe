import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * Diffs two Prisma schemas into the SQL that migrates one to the other, fully offline, in the SQL dialect of the
 * schemas' datasource provider (SQLite or PostgreSQL). `from: null` means an empty database.
 *
 * The Prisma CLI's `migrate diff` needs a Rust engine it downloads; the official wasm build of the same
 * engine runs here. Diffing schema → schema needs no shadow database
 * (docs/decisions/0002-offline-migrations.md).
 */
export async function diffSchemas(from: string | null, to: string): Promise<string> {
  const bg = await loadEngineModule();
  // The engine takes the dialect from the schema's provider; the adapter is only its (unused) connection for a
  // schema → schema diff. An in-memory SQLite one serves both, so authoring PostgreSQL migrations needs no server.
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaBetterSqlite3({ url: ":memory:" }));
  const engine = await bg.SchemaEngine.new({ datamodels: [["schema.prisma", to]] }, () => {}, adapter);
  const target = (content: string) => ({ tag: "schemaDatamodel", files: [{ path: "schema.prisma", content }] });
  try {
    const result = await engine.diff({
      from: from === null ? { tag: "empty" } : target(from),
      to: target(to),
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout;
  } finally {
    engine.free();
  }
}

type EngineModule = {
  SchemaEngine: {
    new: (
      options: unknown,
      log: () => void,
      adapter: unknown,
    ) => Promise<{
      diff(params: unknown): Promise<{ stdout: string }>;
      free(): void;
    }>;
  };
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let engineModule: Promise<EngineModule> | undefined;

/** The package's exports block resolving the `.wasm`, so it is read and instantiated by hand, once. */
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const packageDir = path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
    const bg = (await import(path.join(packageDir, "schema_engine_bg.js"))) as EngineModule;
    const wasmBytes = await readFile(path.join(packageDir, "schema_engine_bg.wasm"));
    (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message(message: string) {
        throw new Error(`Prisma schema engine panicked: ${message}`);
      },
    };
    const { instance } = await WebAssembly.instantiate(wasmBytes, {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
    return bg;
  })();
  return engineModule;
}
