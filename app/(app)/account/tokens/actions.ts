"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { formValues, toErrorState, type ActionState } from "@/lib/actions/action-state";
import { requireUser } from "@/lib/session/index";
import { createApiToken, revokeApiToken, ValidationError } from "@/lib/db";

// Any signed-in user manages their own tokens; the DAL checks ownership again.

export async function createApiTokenAction(_state: ActionState<{ token: string; name: string }>, formData: FormData): Promise<ActionState<{ token: string; name: string }>> {
  try {
    await requireUser();
    const parsed = z.object({ name: z.string().default("") }).safeParse(formValues(formData));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const created = await createApiToken({ name: parsed.data.name });
    revalidatePath("/account/tokens");
    return { status: "success", message: "Token created.", data: { token: created.token, name: created.name } };
  } catch (error) {
    return toErrorState(error);
  }
}

export async function revokeApiTokenAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireUser();
    const parsed = z.object({ tokenId: z.string().min(1, "Missing the token.") }).safeParse(formValues(formData));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, "That request was malformed; reload the page and try again.");
    await revokeApiToken({ tokenId: parsed.data.tokenId });
    revalidatePath("/account/tokens");
    return { status: "success", message: "Token revoked." };
  } catch (error) {
    return toErrorState(error);
  }
}
