import { openSecret, sealSecret } from "./secret-box";

/**
 * The parts of a URL that may carry credentials: its userinfo (`https://user:pass@host`) and its query string
 * (`?api_key=…`). We cannot tell a credential query parameter from a harmless one, so the whole query is treated
 * as secret. The fragment is never sent to a server and is dropped.
 */
export type UrlCredentials = { username: string; password: string; search: string };

/**
 * Splits a URL into what may be stored and shown (scheme, host, port, path) and its credentials (null when it has
 * none). A URL without credentials or fragment is returned exactly as given, so saving it again compares equal.
 */
export function splitUrlCredentials(url: string): { publicUrl: string; credentials: UrlCredentials | null } {
  if (!URL.canParse(url)) return { publicUrl: url, credentials: null };
  const parsed = new URL(url);
  const credentials = { username: parsed.username, password: parsed.password, search: parsed.search };
  const hasCredentials = Boolean(credentials.username || credentials.password || credentials.search);
  if (!hasCredentials && !parsed.hash) return { publicUrl: url, credentials: null };
  parsed.username = "";
  parsed.password = "";
  parsed.search = "";
  parsed.hash = "";
  return { publicUrl: parsed.href, credentials: hasCredentials ? credentials : null };
}

/** The URL to connect to: the public part with its credentials put back. */
export function withUrlCredentials(publicUrl: string, credentials: UrlCredentials | null): string {
  if (!credentials || !URL.canParse(publicUrl)) return publicUrl;
  const url = new URL(publicUrl);
  url.username = credentials.username;
  url.password = credentials.password;
  url.search = credentials.search;
  return url.href;
}

/** Whether two URLs name the same destination (compared after URL normalization: case of host, default port). */
export function sameDestination(a: string, b: string): boolean {
  if (!URL.canParse(a) || !URL.canParse(b)) return a === b;
  return new URL(a).href === new URL(b).href;
}

/** Seals a URL's credentials for storage (null when there are none). */
export const sealUrlCredentials = (credentials: UrlCredentials | null): string | null =>
  credentials ? sealSecret(JSON.stringify(credentials)) : null;

/** Opens what sealUrlCredentials stored; throws SecretUnreadableError when the server's secret key changed. */
export function openUrlCredentials(sealed: string | null): UrlCredentials | null {
  if (!sealed) return null;
  const value: unknown = JSON.parse(openSecret(sealed));
  if (!value || typeof value !== "object") return null;
  const { username = "", password = "", search = "" } = value as Partial<UrlCredentials>;
  return { username: String(username), password: String(password), search: String(search) };
}
