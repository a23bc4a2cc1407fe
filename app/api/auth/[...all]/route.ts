import { handleAuthRequest } from "@/lib/session";

// better-auth's HTTP endpoints, behind an allowlist: every path it does not name answers 404 (lib/session/
// auth-endpoints.ts). Sign-in, sign-out and session reads go through server actions and auth.api instead.
export const GET = handleAuthRequest;
export const POST = handleAuthRequest;
export const PUT = handleAuthRequest;
export const PATCH = handleAuthRequest;
export const DELETE = handleAuthRequest;
