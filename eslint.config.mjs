import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "lib/db/generated/**",
    "data/**",
    "test-results/**",
    "playwright-report/**",
    ".cache/**",
    "next-env.d.ts",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // lib/ is framework-free domain code, except lib/session: the one module bound to the request (better-auth, Next
    // headers). Types from React Flow are fine (lib/graph describes its nodes); its runtime is not, except in the
    // client stores, which apply React Flow's node and edge changes with its own pure helpers.
    files: ["lib/**/*.ts"],
    ignores: ["lib/session/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["next", "react", "react-dom"].map((name) => ({
            name,
            message: "lib/ stays free of React and Next.",
          })),
          patterns: [
            { group: ["next/*", "react/*", "react-dom/*"], message: "lib/ stays free of React and Next." },
            { group: ["@xyflow/react"], allowTypeImports: true, message: "lib/ may use React Flow's types only." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/stores/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["next", "react", "react-dom"].map((name) => ({
            name,
            message: "lib/ stays free of React and Next.",
          })),
          patterns: [{ group: ["next/*", "react/*", "react-dom/*"], message: "lib/ stays free of React and Next." }],
        },
      ],
    },
  },
]);
