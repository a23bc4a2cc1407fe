import { z } from "zod";

// zod compiles object parsers with `new Function` unless told not to, after probing whether it may: under the
// pages' Content-Security-Policy (no 'unsafe-eval', see lib/session/security-headers.ts) that probe is a reported
// violation. In the browser, parse without compiling; the server keeps the faster compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });
