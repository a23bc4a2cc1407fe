import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/session";

// better-auth's own endpoints (session, sign-out, …). Public sign-up is disabled in lib/session/auth.ts.
export const { GET, POST } = toNextJsHandler(auth);
