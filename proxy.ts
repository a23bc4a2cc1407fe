import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce, NONCE_HEADER, REQUEST_PATH_HEADER } from "./lib/session";

// Not an access check (pages and the DAL do those). For every page it sets the Content-Security-Policy with a fresh
// nonce (lib/session/security-headers.ts): on the request, where Next reads the nonce for its own inline scripts and
// the root layout for next-themes', and on the response. It also tells server components which page was requested,
// so sign-in can bring the user back to it.
export function proxy(request: NextRequest) {
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

export const config = {
  matcher: ["/((?!api/|_next/|favicon.ico).*)"],
};
