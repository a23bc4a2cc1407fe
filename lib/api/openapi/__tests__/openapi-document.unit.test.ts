import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "../document";
import { createResponseValidator } from "../testing/response-validator";

// The OpenAPI document as a validator and the route files see it: valid OpenAPI 3.1, and one operation for every
// method every route under app/api exports, no more and no fewer.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const APP = path.resolve(import.meta.dirname, "../../../../app");

let document: OpenApiDocument;
beforeAll(async () => {
  // The document reuses the routes' request schemas, whose modules load the Prisma client; it opens no connection,
  // but would create the folder of the unit project's database path (which must not exist). A temporary folder
  // stands in while the modules load.
  const unitDatabase = process.env.DATABASE_URL;
  const folder = mkdtempSync(path.join(tmpdir(), "openapi-unit-"));
  process.env.DATABASE_URL = `file:${path.join(folder, "unused.db")}`;
  try {
    document = (await import("..")).buildOpenApiDocument();
  } finally {
    process.env.DATABASE_URL = unitDatabase;
    rmSync(folder, { recursive: true, force: true });
  }
  // Loading the route modules (Prisma, better-auth, the run service) takes seconds on a busy 2-core machine.
}, 60_000);

/** The HTTP methods a route file exports (functions, constants, or `export { x as GET }`). */
function exportedMethods(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && exported(statement)) names.push(statement.name.text);
    if (ts.isVariableStatement(statement) && exported(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    if (ts.isExportDeclaration(statement)) {
      if (!statement.exportClause) throw new Error(`${file}: "export *" hides which methods the route has`);
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) names.push(element.name.text);
    }
  }
  return names.filter((name) => (METHODS as readonly string[]).includes(name));
}

/** A route folder under app/ as an OpenAPI path: groups dropped, `[id]` → `{id}`, a catch-all `[...x]` → `{path}`. */
function openApiPath(folder: string): string {
  const segments = folder
    .split(path.sep)
    .filter((segment) => !/^\(.+\)$/.test(segment))
    .map((segment) =>
      segment.replace(/^\[\[?\.\.\.[^\]]+\]\]?$/, "{path}").replace(/^\[([^\].]+)\]$/, (_, name) => `{${name}}`),
    );
  return `/${segments.join("/")}`;
}

/** Every "METHOD /path" the route files under app/api answer. */
function routeOperations(): string[] {
  const files = readdirSync(path.join(APP, "api"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts" && !file.split(path.sep).includes("__tests__"))
    .map((file) => path.join(APP, "api", file));
  return files.flatMap((file) => {
    const route = openApiPath(path.relative(APP, path.dirname(file)));
    return exportedMethods(file).map((method) => `${method} ${route}`);
  });
}

/** Every "METHOD /path" the document has an operation for. */
function documentOperations(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths ?? {}).flatMap(([route, item]) =>
    METHODS.filter((method) => item?.[method.toLowerCase() as Lowercase<typeof method>]).map(
      (method) => `${method} ${route}`,
    ),
  );
}

/** What one list has that the other lacks, both ways. */
function coverageGaps(routes: string[], documented: string[]) {
  return {
    undocumented: routes.filter((operation) => !documented.includes(operation)).sort(),
    withoutRoute: documented.filter((operation) => !routes.includes(operation)).sort(),
  };
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for @readme/openapi-parser (schemas, parameters, unique operation ids)", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("documents every method of every route under app/api, and nothing that has no route", () => {
    const routes = routeOperations();
    expect(routes).toContain("GET /api/runs/{id}");
    expect(routes).toContain("POST /api/auth/{path}");
    expect(coverageGaps(routes, documentOperations(document))).toEqual({ undocumented: [], withoutRoute: [] });
  });

  it("reports a route missing from the document and an operation with no route, by method and path", () => {
    const { "/api/health": _health, ...paths } = document.paths ?? {};
    const gaps = coverageGaps(
      [...routeOperations(), "PATCH /api/runs/{id}"].filter((operation) => operation !== "DELETE /api/mcp"),
      documentOperations({ ...document, paths }),
    );
    expect(gaps).toEqual({
      undocumented: ["GET /api/health", "PATCH /api/runs/{id}"],
      withoutRoute: ["DELETE /api/mcp"],
    });
  });

  it("maps route folders to OpenAPI paths", () => {
    expect(openApiPath(path.join("api", "runs", "[id]", "events"))).toBe("/api/runs/{id}/events");
    expect(openApiPath(path.join("api", "auth", "[...all]"))).toBe("/api/auth/{path}");
    expect(openApiPath(path.join("api", "(internal)", "x", "[[...rest]]"))).toBe("/api/x/{path}");
    expect(openApiPath(path.join("api", "openapi.json"))).toBe("/api/openapi.json");
  });

  it("gives every JSON response a schema ajv compiles in strict mode, and checks bodies against it", () => {
    const responses = createResponseValidator(document);
    for (const [route, item] of Object.entries(document.paths ?? {}))
      for (const method of METHODS) {
        const operation = item?.[method.toLowerCase() as Lowercase<typeof method>];
        for (const [status, response] of Object.entries(operation?.responses ?? {})) {
          const content = "content" in response ? (response.content ?? {}) : {};
          for (const mediaType of Object.keys(content))
            expect(() => responses.problems({ path: route, method, status, mediaType }, null)).not.toThrow();
        }
      }
    expect(responses.problems({ path: "/api/runs", method: "post", status: 201 }, { runId: "r" })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^POST \/api\/runs → 201 application\/json: \(body\) must have required property 'status'/,
        ),
      ]),
    );
    expect(responses.problems({ path: "/api/health", method: "get", status: 418 }, {})).toEqual([
      "GET /api/health → 418 application/json: the document has no such response",
    ]);
  });
});
