"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { createApiToken, revokeApiToken } from "@/lib/db/users";

// Any signed-in user manages their own tokens; the DAL checks ownership again.

export const createApiTokenAction = defineAction(
  "signed-in",
  z.object({ name: z.string().default("") }),
  async (viewer, { name }): Promise<ActionState<{ token: string; name: string }>> => {
    const created = await createApiToken(viewer, { name });
    revalidatePath("/account/tokens");
    return { status: "success", message: "Token created.", data: { token: created.token, name: created.name } };
  },
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
