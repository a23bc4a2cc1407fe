"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { formValues, toErrorState, type ActionState } from "@/lib/actions/action-state";
import type { Role } from "@/lib/access";
import { requireRole } from "@/lib/session/index";
import { createUser, reissueInvitation, setUserActive, setUserRoles, ValidationError } from "@/lib/db";

export type InviteResult = { email: string; inviteUrl: string | null };

// Each action authorizes itself here and the DAL checks again: neither trusts the page that rendered the form.

export async function createUserAction(_previous: ActionState<InviteResult>, formData: FormData): Promise<ActionState<InviteResult>> {
  try {
    await requireRole("admin");
    const values = formValues(formData, ["roles"]);
    const byInvite = values.signIn !== "password";
    const created = await createUser({
      name: values.name as string,
      email: values.email as string,
      roles: values.roles as Role[],
      password: byInvite ? undefined : ((values.password as string | undefined) ?? ""),
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
  } catch (error) {
    return toErrorState(error);
  }
}

export async function setUserRolesAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("admin");
    const values = formValues(formData, ["roles"]);
    await setUserRoles({ userId: values.userId as string, roles: values.roles as Role[] });
    revalidatePath("/settings/users");
    return { status: "success", message: "Roles saved." };
  } catch (error) {
    return toErrorState(error);
  }
}

const activeForm = z.object({ userId: z.string().min(1), active: z.enum(["true", "false"]) });

export async function setUserActiveAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("admin");
    const parsed = activeForm.safeParse(formValues(formData));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, "That request was malformed; reload the page and try again.");
    await setUserActive({ userId: parsed.data.userId, active: parsed.data.active === "true" });
    revalidatePath("/settings/users");
    return { status: "success", message: parsed.data.active === "true" ? "User reactivated." : "User deactivated and signed out." };
  } catch (error) {
    return toErrorState(error);
  }
}

export async function reissueInvitationAction(_previous: ActionState<InviteResult>, formData: FormData): Promise<ActionState<InviteResult>> {
  try {
    await requireRole("admin");
    const { token } = await reissueInvitation({ userId: String(formData.get("userId") ?? "") });
    return { status: "success", message: "New invitation link (the old one no longer works):", data: { email: "", inviteUrl: await invitationUrl(token) } };
  } catch (error) {
    return toErrorState(error);
  }
}

async function invitationUrl(token: string): Promise<string> {
  const configured = process.env.BETTER_AUTH_URL;
  const requestHeaders = await headers();
  const origin = configured ?? `${requestHeaders.get("x-forwarded-proto") ?? "http"}://${requestHeaders.get("host")}`;
  return new URL(`/invite/${token}`, origin).toString();
}
