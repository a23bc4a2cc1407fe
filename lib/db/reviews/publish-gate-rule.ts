import "server-only";
import { z } from "zod";
import { requireRole, type Viewer } from "../../access";
import { PUBLISH_GATE_RULES, type PublishGateRule } from "../../review-rules";
import { recordAudit } from "../audit";
import { parseInput, prisma, readJsonSetting, withDbErrors, writeJsonSetting } from "../core";

/** The `setting` row holding how the publish gate judges "lower": `{"rule": "point" | "interval"}`. */
export const PUBLISH_GATE_RULE_KEY = "reviews.publish_gate";

const ruleSchema = z.object({
  rule: z.enum(PUBLISH_GATE_RULES, { error: "Choose point figures or the 95% interval." }),
});

const UNREADABLE = `[reviews] the "${PUBLISH_GATE_RULE_KEY}" setting is unreadable; the gate compares point figures`;

export type PublishGateRuleView = {
  rule: PublishGateRule;
  isDefault: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
};

async function load(db?: Parameters<typeof readJsonSetting>[3]) {
  return readJsonSetting(PUBLISH_GATE_RULE_KEY, ruleSchema, UNREADABLE, db);
}

/** The rule the gate judges with now; point figures until an admin chooses. Server-internal (callers authorize). */
export async function publishGateRuleInEffect(): Promise<PublishGateRule> {
  return (await load())?.value.rule ?? "point";
}

/** The rule as the settings page shows it. Admins only. */
export async function getPublishGateRule(viewer: Viewer | null): Promise<PublishGateRuleView> {
  requireRole(viewer, "admin");
  return withDbErrors(async () => {
    const stored = await load();
    return stored
      ? { rule: stored.value.rule, isDefault: false, updatedAt: stored.updatedAt, updatedBy: stored.updatedBy }
      : { rule: "point", isDefault: true, updatedAt: null, updatedBy: null };
  });
}

/**
 * Sets how the publish gate judges a lower score, from the next review on. Admins only; validated before anything is
 * written, and the setting and its audit entry ("settings.publish_gate_updated") land together or not at all.
 */
export async function updatePublishGateRule(
  viewer: Viewer | null,
  input: { rule: string },
): Promise<{ rule: PublishGateRule; changed: boolean }> {
  requireRole(viewer, "admin");
  const { rule } = parseInput(ruleSchema, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const previous = (await load(tx))?.value.rule ?? "point";
      await writeJsonSetting(tx, PUBLISH_GATE_RULE_KEY, { rule }, viewer.id);
      await recordAudit(
        {
          action: "settings.publish_gate_updated",
          actor: viewer,
          target: { type: "setting", id: PUBLISH_GATE_RULE_KEY },
          detail: { previous, rule },
        },
        tx,
      );
      return { rule, changed: previous !== rule };
    }),
  );
}
