import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes a benchmark's summary and raw samples to the git-ignored bench/results/ as `<name>-<time>.json`; returns the
 * file's path relative to `root`.
 */
export function saveBenchResults(root: string, name: string, summary: unknown, samples: unknown): string {
  const resultsDir = path.join(root, "bench", "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify({ summary, samples }, null, 2)}\n`);
  return path.relative(root, file);
}
