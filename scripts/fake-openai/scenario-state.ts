import type { ChatRequest } from "./chat-request";
import { ruleMatches } from "./match";
import { z } from "zod";
import {
  fakeRuleSchema,
  fakeScenarioSchema,
  parseOrThrow,
  type FakeEmbeddings,
  type FakeRule,
  type FakeScenario,
} from "./schemas";

export const DEFAULT_MODELS = ["fake-model"];

type LiveRule = { rule: FakeRule; uses: number };

/** A rule chosen for a request, with the name the request log shows for it. */
export type MatchedRule = { rule: FakeRule; ruleId: string };

/**
 * The rules in force and how often each has answered. `reset()` goes back to the scenario the server started with,
 * so a long-running demo or e2e server can be put back in a known state.
 */
export class ScenarioState {
  private readonly initial: FakeScenario;
  private rules: LiveRule[] = [];
  private models: string[] = DEFAULT_MODELS;
  private embeddings: FakeEmbeddings = {};

  constructor(initial: FakeScenario = { rules: [] }) {
    this.initial = parseOrThrow(fakeScenarioSchema, initial, "scenario");
    this.reset();
  }

  setScenario(scenario: FakeScenario): void {
    const parsed = parseOrThrow(fakeScenarioSchema, scenario, "scenario");
    this.rules = parsed.rules.map((rule) => ({ rule, uses: 0 }));
    this.models = parsed.models ?? DEFAULT_MODELS;
    this.embeddings = parsed.embeddings ?? {};
  }

  addRules(rules: FakeRule[]): void {
    // Parsed inside an object so the errors say "rules[2].match", as they do for a scenario.
    const parsed = parseOrThrow(z.strictObject({ rules: z.array(fakeRuleSchema) }), { rules }, "rules").rules;
    this.rules.push(...parsed.map((rule) => ({ rule, uses: 0 })));
  }

  reset(): void {
    this.setScenario(this.initial);
  }

  modelIds(): string[] {
    return [...this.models];
  }

  /** How the embeddings endpoint answers now. */
  embeddingSettings(): FakeEmbeddings {
    return this.embeddings;
  }

  ruleCount(): number {
    return this.rules.length;
  }

  /**
   * The first rule that matches and has answers left, counted as used at once: concurrent requests each take their
   * own turn, even while an earlier one is still waiting out its delay.
   */
  take(request: ChatRequest): MatchedRule | null {
    for (const [index, live] of this.rules.entries()) {
      if (live.rule.times !== undefined && live.uses >= live.rule.times) continue;
      if (!ruleMatches(live.rule.match, request)) continue;
      live.uses += 1;
      return { rule: live.rule, ruleId: live.rule.id ?? `#${index}` };
    }
    return null;
  }
}
