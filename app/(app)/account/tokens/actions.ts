"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { TokenExpiryDays, TokenScope } from "@/lib/access";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { createApiToken, revokeApiToken } from "@/lib/db/users";

// Any signed-in user manages their own tokens; the DAL checks ownership, scopes against roles, and expiry again.

/** The expiry select's value as the DAL takes it: days, null for "never", undefined (refused there) when missing. */
function expiryDays(value: string): number | null | undefined {
  if (value === "never") return null;
  return value === "" ? undefined : Number(value);
}

export const createApiTokenAction = defineAction(
  "signed-in",
  z.object({ name: z.string().default(""), scopes: z.array(z.string()), expiresInDays: z.string().default("") }),
  async (viewer, form): Promise<ActionState<{ token: string; name: string }>> => {
    const created = await createApiToken(viewer, {
      name: form.name,
      scopes: form.scopes as TokenScope[],
      expiresInDays: expiryDays(form.expiresInDays) as TokenExpiryDays | null,
    });
    revalidatePath("/account/tokens");
    return { status: "success", message: "Token created.", data: { token: created.token, name: created.name } };
  },
  { arrays: ["scopes"] },
);

export const revokeApiTokenAction = defineAction(
  "signed-in",
  z.object({ tokenId: z.string().min(1, "Missing the token.") }),
  async (viewer, { tokenId }): Promise<ActionState> => {
    await revokeApiToken(viewer, { tokenId });
    revalidatePath("/account/tokens");
    return { status: "success", message: "Token revoked." };
  },
  { invalidMessage: "That request was malformed; reload the page and try again." },
);
