/**
 * A routine of the benchmark library, written as data: what procedure memory indexes (name, description, intents,
 * steps as [name, description], tool names) plus `requests`, five paraphrases a person might type for it. The
 * paraphrases are the test set: they do not copy the intents.
 */
export type BenchRoutine = {
  id: string;
  name: string;
  description: string;
  intents: string[];
  steps: [name: string, description: string][];
  tools: string[];
  requests: [string, string, string, string, string];
};
