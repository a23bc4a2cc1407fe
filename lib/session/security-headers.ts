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

/** The request header through which proxy.ts hands the page's nonce to the root layout. */
export const NONCE_HEADER = "x-nonce";
