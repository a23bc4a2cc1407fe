import fc from "fast-check";
import {
  ROUTINE_SCHEMA_VERSION,
  STEP_KINDS,
  type Edge,
  type Routine,
  type Stage,
  type Step,
  type StepKind,
  type StepOf,
} from "../../routine";

/** A minimal valid step of the given kind. */
export function makeStep<K extends StepKind>(kind: K, overrides: Partial<Omit<StepOf<K>, "kind">> = {}): StepOf<K> {
  const base = { id: overrides.id ?? `s-${kind}`, name: `Step ${overrides.id ?? kind}`, description: "" };
  const step = ((): Step => {
    switch (kind) {
      case "tool":
        return {
          ...base,
          kind,
          tool: { server: "hr", name: "get_leave_balance" },
          inputs: {},
          outputs: [],
          requiresApproval: false,
        };
      case "skill":
        return { ...base, kind, instruction: "", inputs: {}, outputs: [] };
      case "branch":
        return { ...base, kind };
      case "human":
        return { ...base, kind, instruction: "", form: [] };
      case "routine":
        return { ...base, kind, routineId: "sub", inputs: {}, outputs: [] };
      case "end":
        return { ...base, kind };
    }
  })();
  return { ...step, ...overrides } as StepOf<K>;
}

export function makeRoutine(parts: { steps?: Step[]; edges?: Edge[]; stages?: Stage[] } = {}): Routine {
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "r1",
    name: "Leave request",
    description: "",
    intents: [],
    inputs: [],
    steps: parts.steps ?? [],
    edges: parts.edges ?? [],
    stages: parts.stages ?? [],
  };
}

export type RoutineShape = { minSteps?: number; maxSteps?: number; positioned?: boolean; maxStages?: number };

const coordinate = fc.double({ min: -5000, max: 5000, noNaN: true, noDefaultInfinity: true });

/**
 * Routines with unique ids, stages, and edges that mostly flow forward (like real routines) with a few
 * back edges; edges out of branches carry conditions. Positions are set when `positioned` is true,
 * random per step otherwise.
 */
export function routineArbitrary(shape: RoutineShape = {}): fc.Arbitrary<Routine> {
  const { minSteps = 0, maxSteps = 12, maxStages = 3 } = shape;
  const stepSpec = fc.record({
    kind: fc.constantFrom<StepKind>(...STEP_KINDS),
    stage: fc.nat({ max: maxStages }),
    position:
      shape.positioned === undefined
        ? fc.option(fc.record({ x: coordinate, y: coordinate }), { nil: undefined })
        : shape.positioned
          ? fc.record({ x: coordinate, y: coordinate })
          : fc.constant(undefined),
    targets: fc.array(fc.tuple(fc.nat({ max: 4 }), fc.boolean()), { maxLength: 3 }),
  });
  return fc
    .record({
      stageCount: fc.nat({ max: maxStages }),
      specs: fc.array(stepSpec, { minLength: minSteps, maxLength: maxSteps }),
    })
    .map(({ stageCount, specs }) => {
      const stages: Stage[] = Array.from({ length: stageCount }, (_, i) => ({
        id: `stage${i}`,
        name: `Stage ${i}`,
        description: "",
      }));
      const steps = specs.map((spec, i) =>
        makeStep(spec.kind, {
          id: `s${i}`,
          position: spec.position,
          stageId: spec.stage < stageCount ? `stage${spec.stage}` : undefined,
        }),
      );
      const edges: Edge[] = [];
      const seen = new Set<string>();
      specs.forEach((spec, i) => {
        if (spec.kind === "end") return;
        for (const [offset, backwards] of spec.targets) {
          const target = backwards ? i - offset - 1 : i + offset + 1;
          if (target < 0 || target >= steps.length || seen.has(`${i}>${target}`)) continue;
          seen.add(`${i}>${target}`);
          const id = `e${edges.length}`;
          const condition = spec.kind === "branch" ? { label: `Condition ${edges.length}` } : undefined;
          edges.push(
            condition
              ? { id, source: `s${i}`, target: `s${target}`, condition }
              : { id, source: `s${i}`, target: `s${target}` },
          );
        }
      });
      return makeRoutine({ steps, edges, stages });
    });
}
