import { NextResponse, type NextRequest } from "next/server";
import {
  contentSecurityPolicy,
  newNonce,
  NONCE_HEADER,
  REQUEST_PATH_HEADER,
  strictTransportSecurity,
} from "./lib/session";

// Not an access check (pages and the DAL do those). Every response, pages, API and assets alike, gets
// Strict-Transport-Security when the app's public origin is https (lib/session/security-headers.ts). For every page it
// also sets the Content-Security-Policy with a fresh nonce: on the request, where Next reads the nonce for its own
// inline scripts and the root layout for next-themes', and on the response. It also tells server components which
// page was requested, so sign-in can bring the user back to it.
export function proxy(request: NextRequest) {
  const response = isPage(request.nextUrl.pathname) ? pageResponse(request) : NextResponse.next();
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("strict-transport-security", hsts);
  return response;
}

/** Pages and their server actions; not route handlers, Next's assets or the icon. */
const isPage = (pathname: string) =>
  !pathname.startsWith("/api/") && !pathname.startsWith("/_next/") && pathname !== "/favicon.ico";

function pageResponse(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  headers.set(NONCE_HEADER, nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

// Every path: HSTS belongs on every response over https, not only on pages.
export const config = {
  matcher: "/:path*",
};
