import type { ActionState } from "@/lib/forms";

/** A catalog tool as the toolkit checklist shows it. */
export type CatalogToolView = { server: string; name: string; description: string };

export type ToolRefView = { server: string; name: string };

export type ToolkitRowView = {
  id: string;
  name: string;
  description: string;
  tools: ToolRefView[];
  /** Names of the actors using it: it cannot be deleted while any do. */
  usedBy: string[];
};

export type ActorRowView = {
  id: string;
  name: string;
  persona: string;
  model: string | null;
  toolkitId: string;
  toolkitName: string;
};

export type FormAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

export const toolKeyOf = (tool: ToolRefView) => `${tool.server}/${tool.name}`;
