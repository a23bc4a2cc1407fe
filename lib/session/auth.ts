import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { isPostgresUrl, prisma } from "../db/core";
import { isDeactivated } from "../db/users";
import { CLIENT_ADDRESS_HEADER } from "./client-address";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * better-auth over our Prisma client. Public sign-up is off: an enterprise app invites its users
 * (admins create them in Settings → Users). Sessions live in the database so they can be revoked.
 * The app calls it through `auth.api` on the server; over HTTP only the endpoints app/api/auth/[...all] allows
 * are reachable.
 */
export const auth = betterAuth({
  appName: "Routine Studio",
  baseURL: process.env.BETTER_AUTH_URL,
  secret: process.env.BETTER_AUTH_SECRET,
  // The adapter's SQL dialect follows the configured database (decision 0026).
  database: prismaAdapter(prisma, {
    provider: isPostgresUrl(process.env.DATABASE_URL ?? "") ? "postgresql" : "sqlite",
  }),
  emailAndPassword: {
    enabled: true,
    disableSignUp: true,
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
  },
  session: {
    expiresIn: 60 * 60 * 24 * 7,
    updateAge: 60 * 60 * 24,
  },
  telemetry: { enabled: false },
  // Its limiter keys on X-Forwarded-For, which any client can write, and keeps counts per process; it only sees
  // HTTP calls. Sign-in has our own throttle (sign-in-throttle.ts: per account and address, in the database), and
  // over HTTP only a read of one's own session is left, so the limiter is off rather than half-trusted.
  rateLimit: { enabled: false },
  advanced: {
    // Session rows record the address we resolved with the trusted-proxy setting (client-address.ts), passed
    // under a header of ours that sign-in.ts sets after dropping any client-sent value; never X-Forwarded-For.
    ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
  },
  databaseHooks: {
    session: {
      create: {
        // A deactivated account keeps its password but may not start a session.
        before: async (session) => {
          if (await isDeactivated(session.userId)) {
            throw new APIError("FORBIDDEN", { message: "This account has been deactivated. Ask an admin." });
          }
        },
      },
    },
  },
  // nextCookies must come last: it writes the Set-Cookie of server-action calls into Next's cookie store.
  plugins: [nextCookies()],
});
