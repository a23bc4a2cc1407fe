/**
 * A permission's short reason ("you optimized this version", see lib/db/reviews/review-rules.ts) as the sentence the
 * review page shows in place of the decision buttons.
 */
export function refusalSentence(reason: string): string {
  if (reason.startsWith("you ")) return `You ${reason.slice(4)}; another reviewer must decide (four-eyes rule).`;
  if (reason.startsWith("needs the ")) return `Deciding on a version ${reason}.`;
  return `No decision can be made here: ${reason}.`;
}
