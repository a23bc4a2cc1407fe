import type { ElkExtendedEdge, ElkNode, ElkPort, LayoutOptions } from "elkjs/lib/elk-api";
import { hasCapability, type Routine } from "../routine";
import { edgeLabelSize } from "./edge-route";
import { NODE_SIZE, STAGE_PADDING } from "./sizes";

export type LayoutDirection = "RIGHT" | "DOWN";

/** Room kept around a condition label, so labels in one layer do not touch. */
const LABEL_MARGIN = { width: 16, height: 8 } as const;

function graphOptions(direction: LayoutDirection): LayoutOptions {
  return {
    "elk.algorithm": "layered",
    "elk.direction": direction,
    "elk.spacing.nodeNode": "40",
    "elk.layered.spacing.nodeNodeBetweenLayers": "80",
    "elk.spacing.edgeNode": "24",
    "elk.edgeLabels.placement": "CENTER",
    // A condition label gets room in the layer right after its branch, where the edge components draw it
    // (edge-route.ts), not halfway along a long edge.
    "elk.layered.edgeLabels.centerLabelPlacementStrategy": "TAIL_LAYER",
  };
}

/** ELK ids are indexes, so duplicate or odd ids in a routine being edited cannot break the layout. */
export const elkStepId = (index: number) => `n${index}`;
const elkStageId = (index: number) => `s${index}`;

type Compound = ElkNode & { children: ElkNode[]; edges: ElkExtendedEdge[] };

/**
 * The ELK graph for a routine. Stages are compound nodes laid out on their own
 * (SEPARATE_CHILDREN): a stage's inner edges shape its box, and an edge that enters or leaves a
 * stage counts as an edge of the whole box at the top level. ELK's INCLUDE_CHILDREN mode lays out
 * cross-stage edges better but took a minute for 1,000 steps spread over five stages. `forRows`: the band is to
 * be folded into rows (wrap-rows.ts).
 */
export function toElkGraph(routine: Routine, direction: LayoutDirection, forRows = false): ElkNode {
  const root: Compound = {
    id: "root",
    layoutOptions: {
      ...graphOptions(direction),
      "elk.hierarchyHandling": "SEPARATE_CHILDREN",
      // Each step as early as it can go: a branch's short arm then sits beside its long one instead of at the
      // long arm's end, so the band has gaps that no condition label spans, where wrapIntoRows may cut it.
      ...(forRows ? { "elk.layered.layering.strategy": "LONGEST_PATH_SOURCE" } : {}),
    },
    children: [],
    edges: [],
  };
  const stageIndex = new Map<string, number>();
  routine.stages.forEach((stage, index) => {
    if (!stageIndex.has(stage.id)) stageIndex.set(stage.id, index);
  });
  const stageOptions = {
    ...graphOptions(direction),
    "elk.padding": `[top=${STAGE_PADDING.top},left=${STAGE_PADDING.left},bottom=${STAGE_PADDING.bottom},right=${STAGE_PADDING.right}]`,
  };

  const indexById = new Map<string, number>();
  const stageOfStep: (number | undefined)[] = [];
  const stepNodes: ElkNode[] = [];
  const stages = new Map<number, Compound>();
  routine.steps.forEach((step, index) => {
    if (!indexById.has(step.id)) indexById.set(step.id, index);
    const node: ElkNode = { id: elkStepId(index), ...NODE_SIZE[step.kind] };
    stepNodes.push(node);
    const stage = step.stageId === undefined ? undefined : stageIndex.get(step.stageId);
    stageOfStep.push(stage);
    if (stage === undefined) {
      root.children.push(node);
      return;
    }
    let compound = stages.get(stage);
    if (!compound) {
      compound = { id: elkStageId(stage), layoutOptions: stageOptions, children: [], edges: [] };
      stages.set(stage, compound);
      root.children.push(compound);
    }
    compound.children.push(node);
  });

  const seen = new Set<string>();
  routine.edges.forEach((edge, index) => {
    const source = indexById.get(edge.source);
    const target = indexById.get(edge.target);
    if (source === undefined || target === undefined || source === target) return;
    const sourceStage = stageOfStep[source];
    const targetStage = stageOfStep[target];
    const inner = sourceStage !== undefined && sourceStage === targetStage;
    const container = inner ? (stages.get(sourceStage) as Compound) : root;
    const from =
      inner || sourceStage === undefined
        ? stepSource(stepNodes[source], hasCapability(routine.steps[source], "choosesWay"), index)
        : elkStageId(sourceStage);
    const to = inner || targetStage === undefined ? elkStepId(target) : elkStageId(targetStage);
    if (from === to || seen.has(`${from}>${to}`)) return;
    seen.add(`${from}>${to}`);
    const elkEdge: ElkExtendedEdge = { id: `e${index}`, sources: [from], targets: [to] };
    const label = edge.condition?.label;
    if (label) {
      const size = edgeLabelSize(label);
      elkEdge.labels = [
        { text: label, width: size.width + LABEL_MARGIN.width, height: size.height + LABEL_MARGIN.height },
      ];
    }
    container.edges.push(elkEdge);
  });

  for (const node of stepNodes) if (node.ports) orderPorts(node.ports, direction);
  return root;
}

/** Branch edges leave by a port of their own, so ELK keeps them in the routine's edge order. */
function stepSource(node: ElkNode, isBranch: boolean, edgeIndex: number): string {
  if (!isBranch) return node.id;
  const port: ElkPort = { id: `p${edgeIndex}`, width: 1, height: 1 };
  node.ports = [...(node.ports ?? []), port];
  node.layoutOptions = { "elk.portConstraints": "FIXED_ORDER" };
  return port.id;
}

/**
 * Port indexes run clockwise from the top-left corner: top to bottom on the east side (RIGHT), but
 * right to left on the south side (DOWN), so there the order is reversed to read left to right.
 */
function orderPorts(ports: ElkPort[], direction: LayoutDirection): void {
  const side = direction === "RIGHT" ? "EAST" : "SOUTH";
  ports.forEach((port, i) => {
    const index = direction === "RIGHT" ? i : ports.length - 1 - i;
    port.layoutOptions = { "elk.port.side": side, "elk.port.index": String(index) };
  });
}
