// The module boundaries `npm test` enforces (docs/architecture.md explains them; decision 0017 says why).
// A module is a folder with an index.ts: lib/<name>, or lib/<namespace>/<name> for the namespaces below. Code outside
// a module imports it through its index.ts only, or through the index.ts of one of its folders (a narrower surface,
// such as a browser-safe contract beside a server-only module); tests reach helpers through a testing/ folder.
const NAMESPACES = "db|demo|stores|runs|evaluations";
const INDEX = "^lib/.+/index\\.ts$";
const TESTING = "/testing/";
const TESTS = "(^|/)__tests__/|^e2e/|^test/";

// The layers of docs/architecture.md, bottom up: domain (pure logic, no database) < data access (lib/db) < services
// (the runs and evaluations that drive the engine and own their stores) < request (the web request: session,
// actions, the HTTP API) < pages (app/, components/). A layer uses the layers below it, never one above.
const PRODUCTION_LIB = { pathNot: ["__tests__", TESTING, "^lib/demo/"] };
const LAYER = {
  dataAccess: "^lib/db/",
  services: "^lib/runs/(store|operations|planned-operations)/|^lib/evaluations/(driver|operations)/",
  request: "^lib/(session|actions|api)/",
};
const DOMAIN_NOT = [LAYER.dataAccess, LAYER.services, LAYER.request, "^lib/demo/"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "layer-domain",
      severity: "error",
      comment:
        "Domain modules (routine, graph, the run engine, scoring, events, …) know no database, service or request: pass what they need in through ports.",
      from: { path: "^lib/", pathNot: [...DOMAIN_NOT, ...PRODUCTION_LIB.pathNot] },
      to: { path: [LAYER.dataAccess, LAYER.services, LAYER.request] },
    },
    {
      name: "layer-data-access",
      severity: "error",
      comment:
        "lib/db keeps the aggregates' persistence: it sits below the run and evaluation services, never above them.",
      from: { path: LAYER.dataAccess, ...PRODUCTION_LIB },
      to: { path: [LAYER.services, LAYER.request] },
    },
    {
      name: "layer-services",
      severity: "error",
      comment: "The run and evaluation services run without a web request (workers, scripts): they never import one.",
      from: { path: LAYER.services, ...PRODUCTION_LIB },
      to: { path: LAYER.request },
    },
    {
      name: "run-store-sql-private",
      severity: "error",
      comment:
        "The run store's SQL (its statement programs and the two databases' drivers) stays inside lib/runs/store: others call its named operations; tests use its testing/ folder.",
      from: { pathNot: "^lib/runs/store/" },
      to: { path: "^lib/runs/store/(run-sql|run-database|run-sqlite|run-postgres)\\.ts$" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Files must not import each other in a circle: split the shared part into its own file.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-module-cycle",
      severity: "error",
      comment: "Modules depend on each other in one direction only (lib, components and their folders).",
      scope: "folder",
      from: { path: "^(lib|components)/", pathNot: "__tests__" },
      to: { circular: true, pathNot: "__tests__" },
    },
    {
      name: "lib-through-index",
      severity: "error",
      comment: "Import another lib module through its index.ts (or its testing/ folder), never a file inside it.",
      from: { path: "^lib/([^/]+)/" },
      to: { path: "^lib/[^/]+/.+", pathNot: ["^lib/$1/", INDEX, TESTING, `^lib/(${NAMESPACES})/`] },
    },
    {
      name: "namespaced-lib-through-index",
      severity: "error",
      comment: "Import a lib/db, lib/demo or lib/stores module through its index.ts (or its testing/ folder).",
      from: { path: `^lib/(${NAMESPACES})/([^/]+)/` },
      to: { path: `^lib/(${NAMESPACES})/[^/]+/.+`, pathNot: ["^lib/$1/$2/", INDEX, TESTING, "^lib/db/generated/"] },
    },
    {
      name: "outside-lib-through-index",
      severity: "error",
      comment: "app/, components/, scripts/, bench/, e2e/ and test/ import lib modules through their index.ts.",
      from: { pathNot: "^lib/" },
      to: { path: "^lib/.+", pathNot: [INDEX, TESTING, "^lib/db/generated/"] },
    },
    {
      name: "namespace-from-lib-through-index",
      severity: "error",
      comment: "Other lib modules import lib/db, lib/demo and lib/stores modules through their index.ts.",
      from: { path: "^lib/", pathNot: `^lib/(${NAMESPACES})/` },
      to: { path: `^lib/(${NAMESPACES})/.+`, pathNot: [INDEX, TESTING] },
    },
    {
      name: "prisma-client-in-lib-db",
      severity: "error",
      comment: "The generated Prisma client belongs to lib/db: other code asks lib/db for data.",
      from: { pathNot: ["^lib/db/", TESTS] },
      to: { path: "^lib/db/generated/" },
    },
    {
      name: "no-upward-imports",
      severity: "error",
      comment: "lib/ is below components/ and app/: it never imports them.",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "no-react-or-next-in-lib",
      severity: "error",
      comment: "lib/ is framework-free; only lib/session is bound to the web request (Next, better-auth's Next glue).",
      from: { path: "^lib/", pathNot: "^lib/session/" },
      to: { path: "^node_modules/(next|react|react-dom)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-demo-in-production",
      severity: "error",
      comment:
        "Demo data is for scripts, tests and the demo install. The sign-in page lists the demo accounts, in demo mode only.",
      from: { path: "^(app|components|lib)/", pathNot: ["^lib/demo/", TESTS, TESTING, "^app/sign-in/page\\.tsx$"] },
      to: { path: "^lib/demo/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(lib/db/generated|\\.next|data|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: {
      archi: { collapsePattern: `^(lib/(?:(?:${NAMESPACES})/)?[^/]+|components/[^/]+|app|scripts|bench|e2e|test)` },
    },
  },
};
