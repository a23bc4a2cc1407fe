/**
 * The Content-Security-Policy of every page (set by proxy.ts with a fresh nonce per request). Scripts run only when
 * they carry the nonce (Next's own and next-themes' inline scripts get it) or are loaded by one that does
 * ('strict-dynamic'), so markup injected into a page cannot run script. Styles may be inline: React Flow positions
 * every node with a style attribute. Nothing may frame the app (clickjacking), and forms and <base> stay on it.
 * `dev` adds 'unsafe-eval', which React's development build needs for its call stacks.
 */
export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A nonce for one response: 16 random bytes, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** Two years, subdomains included: the value the HSTS preload list asks for, without opting into it. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * The Strict-Transport-Security header for every response, or null. Sent only when the app's public origin
 * (`BETTER_AUTH_URL`, which sign-in already requires to be the origin users reach) is https: over http it would lock
 * developers out of localhost. The request's own scheme is not consulted: behind a proxy that ends TLS the app sees
 * http, `X-Forwarded-Proto` is the client's to write unless a proxy is trusted, and browsers ignore the header when it
 * arrives over plain http anyway (RFC 6797, section 8.1), so the configured origin is the one reliable statement.
 */
export function strictTransportSecurity(publicOrigin = process.env.BETTER_AUTH_URL): string | null {
  if (!publicOrigin) return null;
  try {
    return new URL(publicOrigin).protocol === "https:" ? STRICT_TRANSPORT_SECURITY : null;
  } catch {
    return null;
  }
}

/** The request header through which proxy.ts hands the page's nonce to the root layout. */
export const NONCE_HEADER = "x-nonce";
