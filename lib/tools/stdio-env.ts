/**
 * Environment variable names that are never passed to a stdio tool server, whatever the allowlist declares: each
 * makes the server (or npx, uvx, the dynamic linker, the shell) load or run other code, fetch packages from
 * elsewhere, trust another certificate or route its traffic through someone else. An allowlisted command plus one of
 * these is arbitrary code on the host (`NODE_OPTIONS=--import=data:…`, `LD_PRELOAD`, `npm_config_registry`).
 * Names are compared upper-cased: npm reads `npm_config_*` in any case, and Windows ignores case altogether.
 */
const FORBIDDEN_NAMES = new Set([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "PWD",
  "ENV",
  "BASH_ENV",
  "IFS",
  "CDPATH",
  "PS4",
  "SHELLOPTS",
  "BASHOPTS",
  "GLOBIGNORE",
  "PROMPT_COMMAND",
  "TMPDIR",
  "NODE_OPTIONS",
  "NODE_PATH",
  "NODE_EXTRA_CA_CERTS",
  "NODE_TLS_REJECT_UNAUTHORIZED",
  "NODE_REPL_EXTERNAL_MODULE",
  "NODE_V8_COVERAGE",
  "CLASSPATH",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "CURL_CA_BUNDLE",
  "REQUESTS_CA_BUNDLE",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "ALL_PROXY",
  "NO_PROXY",
  "GCONV_PATH",
]);

/** Whole families: the dynamic linker, package managers and runtimes that read their configuration from the env. */
const FORBIDDEN_PREFIXES = [
  "LD_",
  "DYLD_",
  "GLIBC_",
  "BASH_FUNC_",
  "NPM_",
  "YARN_",
  "PNPM_",
  "COREPACK_",
  "BUN_",
  "DENO_",
  "PYTHON",
  "PIP_",
  "UV_",
  "PERL",
  "RUBY",
  "GEM_",
  "BUNDLE_",
  "GIT_",
];

/** Whether `name` is never passed to a stdio tool server (see FORBIDDEN_NAMES for why). */
export function isForbiddenEnvName(name: string): boolean {
  const upper = name.toUpperCase();
  return FORBIDDEN_NAMES.has(upper) || FORBIDDEN_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/** The sentence an admin sees beside the environment field for a forbidden name. */
export const forbiddenEnvMessage = (name: string) =>
  `${name} is never passed to a tool server: it could make the server run or fetch other code.`;

/** Whether an allowlist pattern (a word, or `prefix*`) admits `word`: an env name or a further argument. */
export function patternAdmits(pattern: string, word: string): boolean {
  return pattern.endsWith("*") ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}
