import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { prisma } from "../db/core";
import { isDeactivated } from "../db/users";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * better-auth over our Prisma client. Public sign-up is off: an enterprise app invites its users
 * (admins create them in Settings → Users). Sessions live in the database so they can be revoked.
 */
export const auth = betterAuth({
  appName: "Routine Studio",
  baseURL: process.env.BETTER_AUTH_URL,
  secret: process.env.BETTER_AUTH_SECRET,
  database: prismaAdapter(prisma, { provider: "sqlite" }),
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
