import "server-only";
import {
  openSecret,
  sameDestination,
  sealSecret,
  SecretUnreadableError,
  splitUrlCredentials,
  type UrlCredentials,
  withUrlCredentials,
} from "../../crypto";
import type { ToolServer } from "../generated/prisma/client";

// An HTTP server's secrets: its bearer token and the credentials its URL carried (userinfo, query string). Both are
// sealed together in `tokenEncrypted`; the `url` column keeps only what may be shown (scheme, host, port, path).

/** What `tokenEncrypted` holds since URL credentials are sealed too; before, it held the bare token. */
const ENVELOPE = "routine-studio/http-secrets@1";

export type HttpSecrets = { bearerToken?: string; urlCredentials?: UrlCredentials };

/** Seals a server's HTTP secrets into one value; null when there are none. */
export function sealHttpSecrets(secrets: HttpSecrets): string | null {
  if (!secrets.bearerToken && !secrets.urlCredentials) return null;
  return sealSecret(JSON.stringify({ kind: ENVELOPE, ...secrets }));
}

function readEnvelope(plain: string): HttpSecrets {
  try {
    const value = JSON.parse(plain) as { kind?: unknown } & HttpSecrets;
    if (value && typeof value === "object" && value.kind === ENVELOPE)
      return { bearerToken: value.bearerToken, urlCredentials: value.urlCredentials };
  } catch {
    // Not JSON: a token sealed before URL credentials were (the value was the token itself).
  }
  return { bearerToken: plain };
}

/**
 * A stored HTTP server's secrets in the clear, for a call or an edit. A URL saved with its credentials in the clear
 * (before they were sealed) still gives them. Throws SecretUnreadableError when the server's secret key changed.
 */
export function openHttpSecrets(row: Pick<ToolServer, "url" | "tokenEncrypted">): HttpSecrets & { publicUrl: string } {
  const { publicUrl, credentials } = splitUrlCredentials(row.url ?? "");
  const sealed = row.tokenEncrypted ? readEnvelope(openSecret(row.tokenEncrypted)) : {};
  return { ...sealed, urlCredentials: sealed.urlCredentials ?? credentials ?? undefined, publicUrl };
}

/** What a page may know of a server's HTTP secrets: whether each is set, never its value. */
export function httpSecretFlags(row: Pick<ToolServer, "url" | "tokenEncrypted">): {
  url: string | null;
  hasToken: boolean;
  hasUrlCredentials: boolean;
} {
  const url = row.url === null ? null : splitUrlCredentials(row.url).publicUrl;
  try {
    const secrets = openHttpSecrets(row);
    return { url, hasToken: Boolean(secrets.bearerToken), hasUrlCredentials: Boolean(secrets.urlCredentials) };
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    // Something is stored but can no longer be read: say a token is set, so the admin knows to enter it again.
    return { url, hasToken: true, hasUrlCredentials: false };
  }
}

/** The URL the gateway connects to: the shown part with the sealed credentials put back. */
export function connectUrl(row: Pick<ToolServer, "url" | "tokenEncrypted">): { url: string; bearerToken?: string } {
  const secrets = openHttpSecrets(row);
  return {
    url: withUrlCredentials(secrets.publicUrl, secrets.urlCredentials ?? null),
    bearerToken: secrets.bearerToken,
  };
}

export type HttpEdit = { url: string; bearerToken?: string; clearToken?: boolean; clearUrlCredentials?: boolean };

/**
 * The columns of an HTTP server after an edit, and which stored secrets it dropped. Secrets follow a destination:
 * when the URL (scheme, host, port or path) changes, the stored token and URL credentials are dropped unless the
 * same save gives new ones, so an admin cannot send a server's credentials to another address by editing its URL.
 * A blank token keeps the stored one only while the URL stays the same.
 */
export function editHttpSecrets(
  existing: ToolServer | null,
  edit: HttpEdit,
): { url: string; tokenEncrypted: string | null; dropped: ("token" | "urlCredentials")[] } {
  const { publicUrl, credentials } = splitUrlCredentials(edit.url);
  let before: HttpSecrets & { publicUrl: string } = { publicUrl: "" };
  if (existing?.transport === "http") {
    try {
      before = openHttpSecrets(existing);
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      before = { publicUrl: splitUrlCredentials(existing.url ?? "").publicUrl };
    }
  }
  const moved = existing?.transport !== "http" || !sameDestination(before.publicUrl, publicUrl);
  const keep = !moved;
  const bearerToken = edit.clearToken ? undefined : edit.bearerToken || (keep ? before.bearerToken : undefined);
  const urlCredentials =
    credentials ?? (edit.clearUrlCredentials || !keep ? undefined : before.urlCredentials) ?? undefined;
  const dropped: ("token" | "urlCredentials")[] = [];
  if (moved && before.bearerToken && !edit.bearerToken && !edit.clearToken) dropped.push("token");
  if (moved && before.urlCredentials && !credentials && !edit.clearUrlCredentials) dropped.push("urlCredentials");
  return { url: publicUrl, tokenEncrypted: sealHttpSecrets({ bearerToken, urlCredentials }), dropped };
}
