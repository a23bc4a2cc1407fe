import type { TokenScope } from "@/lib/access";
import type { ActionState } from "@/lib/forms";

/** A personal API token as the page lists it (never the token itself). */
export type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type CreateTokenAction = (
  state: ActionState<{ token: string; name: string }>,
  formData: FormData,
) => Promise<ActionState<{ token: string; name: string }>>;
export type RevokeTokenAction = (state: ActionState, formData: FormData) => Promise<ActionState>;
