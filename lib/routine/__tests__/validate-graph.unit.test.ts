import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildGraph, reach, reachability, type RoutineGraph } from "../validation/base/graph";
import { chain, edge, makeRoutine, skillStep } from "./validate-factories";

function graphOf(count: number, links: [number, number][]): RoutineGraph {
  const steps = Array.from({ length: count }, (_, i) => skillStep(`n${i}`));
  return buildGraph(
    makeRoutine(
      steps,
      links.map(([from, to]) => edge(`n${from}`, `n${to}`)),
    ),
  );
}

/** Whether `source` reaches `target` by a path of at least one edge, the slow and obvious way. */
function naiveReaches(graph: RoutineGraph, source: number, target: number): boolean {
  const next = graph.outEdges[source].map((e) => graph.edgeTarget[e]);
  const seen = reach(graph, next, "forward");
  return next.length > 0 && seen[target] === 1;
}

const randomGraph = fc
  .integer({ min: 1, max: 12 })
  .chain((count) =>
    fc.tuple(fc.constant(count), fc.array(fc.tuple(fc.nat(count - 1), fc.nat(count - 1)), { maxLength: 24 })),
  );

describe("the routine graph", () => {
  it("numbers components so edges never go backwards, one per set of mutually reachable steps", () => {
    fc.assert(
      fc.property(randomGraph, ([count, links]) => {
        const graph = graphOf(count, links);
        for (const [from, to] of links) expect(graph.component[from]).toBeLessThanOrEqual(graph.component[to]);
        for (let a = 0; a < count; a++) {
          for (let b = 0; b < count; b++) {
            if (a === b) continue;
            const mutual = naiveReaches(graph, a, b) && naiveReaches(graph, b, a);
            expect(graph.component[a] === graph.component[b]).toBe(mutual);
          }
        }
      }),
    );
  });

  it("answers reachability like a plain search, for distinct steps", () => {
    fc.assert(
      fc.property(randomGraph, ([count, links]) => {
        const graph = graphOf(count, links);
        const pairs: [number, number][] = [];
        for (let a = 0; a < count; a++) for (let b = 0; b < count; b++) if (a !== b) pairs.push([a, b]);
        expect(reachability(graph, pairs)).toEqual(pairs.map(([a, b]) => naiveReaches(graph, a, b)));
      }),
    );
  });

  it("answers for more sources than one pass holds", () => {
    const ids = Array.from({ length: 3_000 }, (_, i) => `n${i}`);
    const graph = buildGraph(
      makeRoutine(
        ids.map((id) => skillStep(id)),
        chain(...ids),
      ),
    );
    const forward = ids.map((_, i) => [i, (i + 7) % ids.length] as [number, number]);
    expect(reachability(graph, forward)).toEqual(forward.map(([a, b]) => a < b));
  });
});
