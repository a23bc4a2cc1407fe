"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import type { Role } from "@/lib/access";
import { defineAction } from "@/lib/session";
import { createUser, reissueInvitation, setUserActive, setUserRoles } from "@/lib/db/users";
import { ADMIN_ROLES } from "@/lib/access";

export type InviteResult = { email: string; inviteUrl: string | null };

// Each action authorizes itself here and the DAL checks again: neither trusts the page that rendered the form.
// The forms' fields are read here as strings; the DAL validates what they say (name, email, roles, password).

const MALFORMED = "That request was malformed; reload the page and try again.";

const createUserForm = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  roles: z.array(z.string()),
  signIn: z.string().optional(),
  password: z.string().optional(),
});

export const createUserAction = defineAction(
  ADMIN_ROLES,
  createUserForm,
  async (viewer, form): Promise<ActionState<InviteResult>> => {
    const byInvite = form.signIn !== "password";
    const created = await createUser(viewer, {
      name: form.name as string,
      email: form.email as string,
      roles: form.roles as Role[],
      password: byInvite ? undefined : (form.password ?? ""),
    });
    revalidatePath("/settings/users");
    const inviteUrl = created.inviteToken ? await invitationUrl(created.inviteToken) : null;
    return {
      status: "success",
      message: inviteUrl
        ? `${created.email} was invited. Send them this link; it works once, for 7 days.`
        : `${created.email} can sign in now with the password you chose.`,
      data: { email: created.email, inviteUrl },
    };
  },
  { arrays: ["roles"] },
);

const rolesForm = z.object({ userId: z.string().optional(), roles: z.array(z.string()) });

export const setUserRolesAction = defineAction(
  ADMIN_ROLES,
  rolesForm,
  async (viewer, form): Promise<ActionState> => {
    await setUserRoles(viewer, { userId: form.userId as string, roles: form.roles as Role[] });
    revalidatePath("/settings/users");
    return { status: "success", message: "Roles saved." };
  },
  { arrays: ["roles"] },
);

const activeForm = z.object({ userId: z.string().min(1), active: z.enum(["true", "false"]) });

export const setUserActiveAction = defineAction(
  ADMIN_ROLES,
  activeForm,
  async (viewer, { userId, active }): Promise<ActionState> => {
    await setUserActive(viewer, { userId, active: active === "true" });
    revalidatePath("/settings/users");
    return { status: "success", message: active === "true" ? "User reactivated." : "User deactivated and signed out." };
  },
  { invalidMessage: MALFORMED },
);

export const reissueInvitationAction = defineAction(
  ADMIN_ROLES,
  z.object({ userId: z.string().default("") }),
  async (viewer, { userId }): Promise<ActionState<InviteResult>> => {
    const { token } = await reissueInvitation(viewer, { userId });
    return {
      status: "success",
      message: "New invitation link (the old one no longer works):",
      data: { email: "", inviteUrl: await invitationUrl(token) },
    };
  },
);

async function invitationUrl(token: string): Promise<string> {
  const configured = process.env.BETTER_AUTH_URL;
  const requestHeaders = await headers();
  const origin = configured ?? `${requestHeaders.get("x-forwarded-proto") ?? "http"}://${requestHeaders.get("host")}`;
  return new URL(`/invite/${token}`, origin).toString();
}
