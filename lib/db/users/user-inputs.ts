import { z } from "zod";
import { roleSchema } from "../../access";

// Kept in step with lib/session/auth.ts, which better-auth enforces on sign-in.
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export const passwordSchema = z
  .string({ message: "Enter a password." })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const emailSchema = z
  .string({ message: "Enter an email address." })
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address."));

export const userIdSchema = z.string({ message: "Missing user." }).min(1, "Missing user.").max(100);

export const createUserInput = z.object({
  name: z.string({ message: "Enter a name." }).trim().min(1, "Enter a name.").max(100, "Use at most 100 characters."),
  email: emailSchema,
  roles: z.array(roleSchema, { message: "Choose at least one role." }).min(1, "Choose at least one role."),
  /** When absent, the user is invited and chooses their own password through a link. */
  password: passwordSchema.optional(),
});
export type CreateUserInput = z.input<typeof createUserInput>;

export const setUserRolesInput = z.object({
  userId: userIdSchema,
  roles: z.array(roleSchema, { message: "Choose at least one role." }).min(1, "Choose at least one role."),
});

export const setUserActiveInput = z.object({ userId: userIdSchema, active: z.boolean() });

export const invitationTokenSchema = z
  .string({ message: "This invitation link is incomplete." })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, "This invitation link is incomplete or mistyped.");

export const acceptInvitationInput = z.object({ token: invitationTokenSchema, password: passwordSchema });
