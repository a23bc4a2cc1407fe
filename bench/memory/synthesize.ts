import { mulberry32 } from "../../lib/evaluations/scoring";
import type { MemoryDocument } from "../../lib/memory";

const SYLLABLES = ["ka", "lo", "ven", "dri", "mo", "tas", "quel", "rin", "bo", "zu", "fer", "nix", "ol", "pra", "se"];

/**
 * `count` documents made by varying `base`: each copies a base routine, names it for a generated business unit and
 * mixes generated words and words of other routines into its description and intents, so the vocabulary and the
 * posting lists grow as a real library of that size would.
 */
export function synthesizeLibrary(base: readonly MemoryDocument[], count: number, seed = 16): MemoryDocument[] {
  // Seeded, so every run indexes the same synthetic library.
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const pseudoWord = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join("");
  const vocabulary = [
    ...new Set(base.flatMap((doc) => `${doc.description} ${doc.intents.join(" ")}`.split(/\W+/))),
  ].filter((word) => word.length > 3);
  const words = (n: number) =>
    Array.from({ length: n }, () => (random() < 0.5 ? pseudoWord() : pick(vocabulary))).join(" ");

  return Array.from({ length: count }, (_, index) => {
    const source = base[index % base.length];
    const unit = pseudoWord();
    return {
      routineId: `synthetic-${index}`,
      versionId: `synthetic-${index}-v1`,
      name: `${source.name} (${unit})`,
      description: `${source.description} For the ${unit} unit: ${words(4)}.`,
      intents: source.intents.map((intent) => `${intent} ${words(1)}`),
      steps: source.steps.map((step) => ({ name: step.name, description: `${step.description} ${words(2)}` })),
      tools: source.tools,
    };
  });
}
