import "server-only";
import { z } from "zod";
import { type RoleList, type Viewer, requireRole } from "../../access";
import { checkRequest, memoryThresholdsSchema, type MemoryThresholds, type Retrieval } from "../../memory";
import { ValidationError, withDbErrors } from "../core";
import { embeddingsFor } from "./memory-embeddings";
import { currentIndex } from "./memory-index";
import { memoryThresholdsInEffect } from "./memory-thresholds";

/**
 * Who may ask procedure memory which routine serves a request: operators (they start runs from requests), authors
 * (they check that their routine is found by the requests it is meant for) and admins (calibration). Reviewers
 * decide on versions and start no runs, so they do not retrieve.
 */
export const RETRIEVE_ROLES = ["operator", "author", "admin"] as const satisfies RoleList;

const requestSchema = z.string({ error: "Describe what you need in a sentence." });

export type RetrieveOptions = {
  /** Decide with these instead of the saved thresholds (the calibration screen's preview). Admins only. */
  thresholds?: MemoryThresholds;
};

/**
 * Ranks the published routines for a request and decides match, ambiguous or none under the admin's thresholds.
 * Operators, authors and admins. An empty request or one over lib/memory's size limit is refused with a
 * ValidationError naming the `request` field, before any work. The index follows publish, rollback and archive at
 * once (see memory-index.ts). With an embedder model configured the ranking is hybrid; when the embedder fails or
 * times out, the ranking is by keywords alone and `notice` says so.
 */
export async function retrieveRoutines(
  viewer: Viewer | null,
  request: string,
  options: RetrieveOptions = {},
): Promise<Retrieval> {
  requireRole(viewer, ...RETRIEVE_ROLES);
  const parsed = requestSchema.safeParse(request);
  const checked = parsed.success
    ? checkRequest(parsed.data)
    : { ok: false as const, message: parsed.error.issues[0].message };
  if (!checked.ok) throw new ValidationError(checked.message, { request: [checked.message] });
  let preview: MemoryThresholds | undefined;
  if (options.thresholds) {
    requireRole(viewer, "admin");
    const thresholds = memoryThresholdsSchema.safeParse(options.thresholds);
    if (!thresholds.success) throw ValidationError.fromZod(thresholds.error);
    preview = thresholds.data;
  }
  return withDbErrors(async () => {
    const [index, thresholds] = await Promise.all([currentIndex(), preview ?? memoryThresholdsInEffect()]);
    const embeddings = index.size > 0 ? await embeddingsFor(checked.text, index.documents()) : undefined;
    return index.search(checked.text, { thresholds, embeddings });
  });
}
