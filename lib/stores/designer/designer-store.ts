import {
  applyEdgeChanges,
  applyNodeChanges,
  type EdgeChange,
  type NodeChange,
  type OnSelectionChangeParams,
} from "@xyflow/react";
import { createStore } from "zustand/vanilla";
import {
  applyFlowPositions,
  connectionToEdge,
  hasUnpositionedSteps,
  layoutIfUnpositioned,
  layoutRoutine,
  routineToFlow,
  type FlowNode,
  type LayoutDirection,
  type StepEdge,
} from "../../graph";
import {
  type ActorLookupEntry,
  type Edge,
  type Routine,
  type Step,
  type StepKind,
  type ToolDefinition,
  type ToolLookup,
  validateRoutine,
  type ValidationIssue,
} from "../../routine";
import { reuseUnchanged, sameEdge, sameIds, sameNode, withSelection } from "./canvas-identity";
import { emptyHistory, record, redo, undo, type History, type Snapshot } from "./history";
import * as edits from "./routine-edits";

export type SaveStatus = "saved" | "dirty" | "saving" | "error" | "stale";
export type SaveState = { status: SaveStatus; revision: number; message?: string; currentRevision?: number };

export type DesignerInit = {
  routineId: string;
  routine: Routine;
  revision: number;
  canEdit: boolean;
  tools?: ToolLookup;
  /** The actor profiles; without them, the routine's actors are not checked. */
  actors?: readonly ActorLookupEntry[];
  /**
   * Start with no issues and leave the first validation to the caller's `revalidate()`: the designer runs it once
   * the canvas is up, so a large routine's validation is off the server render and the page's hydration.
   */
  deferValidation?: boolean;
};

export type DesignerState = {
  routineId: string;
  canEdit: boolean;
  routine: Routine;
  /** React Flow's arrays: rebuilt only when the graph's shape changes, never when a step's text changes. */
  nodes: FlowNode[];
  edges: StepEdge[];
  /** Where each step sits in routine.steps, so a node finds its step in O(1). Text edits keep the order. */
  stepIndex: Record<string, number>;
  /** Outgoing edge ids per step, rebuilt with the canvas arrays (branch nodes draw a handle per edge). */
  outgoing: Record<string, string[]>;
  selectedStepIds: string[];
  selectedEdgeIds: string[];
  issues: ValidationIssue[];
  issueCountByStep: Record<string, number>;
  history: History;
  save: SaveState;
  /** A refusal to show the user (a connection that makes no sense, a paste that failed). */
  notice: string | null;
};

export type DesignerActions = {
  onNodesChange(changes: NodeChange<FlowNode>[]): void;
  onEdgesChange(changes: EdgeChange<StepEdge>[]): void;
  onSelectionChange(params: OnSelectionChangeParams): void;
  connect(source: string, target: string): void;
  addStep(kind: StepKind, position: { x: number; y: number }, tool?: ToolDefinition): string;
  /** Edits one step; `field` names what changed, so keystrokes in one field undo together. */
  updateStep(id: string, field: string, update: (step: Step) => Step): void;
  updateEdge(id: string, update: (edge: Edge) => Edge): void;
  /** Puts steps into a stage (or takes them out with `undefined`); `newStageName` creates the stage first. */
  assignStage(stepIds: string[], stageId: string | undefined, newStageName?: string): void;
  renameStage(stageId: string, name: string): void;
  removeStage(stageId: string): void;
  updateRoutine(field: string, update: (routine: Routine) => Routine): void;
  deleteSelection(): void;
  duplicateSelection(): void;
  copySelection(): edits.Clipboard | null;
  paste(clipboard: edits.Clipboard): void;
  /** Replaces the routine (a text edit, an import); steps without a position are placed first. */
  replaceRoutine(routine: Routine): Promise<void>;
  /** Gives positions to steps that have none (a routine stored before layout-on-create); saved like an edit. */
  placeUnpositioned(): Promise<void>;
  autoLayout(direction: LayoutDirection): Promise<void>;
  undo(): void;
  redo(): void;
  select(stepIds: string[]): void;
  setSave(save: Partial<SaveState>): void;
  setNotice(notice: string | null): void;
  revalidate(): void;
};

/** What the store holds, actions included: the argument of every designer selector. */
export type DesignerStoreState = DesignerState & DesignerActions;

export type DesignerStore = ReturnType<typeof createDesignerStore>;

/** A designer store per open routine (created inside a provider, never a module singleton). */
export function createDesignerStore(init: DesignerInit) {
  const { tools, actors } = init;
  const validate = (routine: Routine) => {
    const issues = validateRoutine(routine, { tools, actors });
    const issueCountByStep: Record<string, number> = {};
    for (const issue of issues)
      if (issue.stepId) issueCountByStep[issue.stepId] = (issueCountByStep[issue.stepId] ?? 0) + 1;
    return { issues, issueCountByStep };
  };
  const flow = (routine: Routine, selected: readonly string[], previous?: Pick<DesignerState, "nodes" | "edges">) => {
    const fresh = routineToFlow(routine);
    // Unchanged nodes and edges keep their objects (and React Flow's measured sizes), so a structural edit
    // re-renders only what it touched instead of every node on the canvas.
    const nodes = previous ? reuseUnchanged(fresh.nodes, previous.nodes, sameNode) : fresh.nodes;
    const edges = previous ? reuseUnchanged(fresh.edges, previous.edges, sameEdge) : fresh.edges;
    const stepIndex: Record<string, number> = {};
    routine.steps.forEach((step, index) => (stepIndex[step.id] = index));
    const outgoing: Record<string, string[]> = {};
    for (const edge of routine.edges) (outgoing[edge.source] ??= []).push(edge.id);
    return { outgoing, nodes: withSelection(nodes, selected), edges, stepIndex };
  };

  return createStore<DesignerStoreState>()((set, get) => {
    /** Applies an edit: records undo, marks the draft dirty, rebuilds the canvas arrays when `shape` changed. */
    const commit = (next: Routine, options: { key?: string; shape: boolean; selection?: string[] }) => {
      const state = get();
      if (!state.canEdit || next === state.routine) return;
      const selectedStepIds = options.selection ?? state.selectedStepIds;
      set({
        routine: next,
        history: record(state.history, state.routine, options.key),
        save: { ...state.save, status: "dirty" },
        selectedStepIds,
        ...(options.shape ? flow(next, selectedStepIds, state) : {}),
        ...(options.shape ? validate(next) : {}),
      });
      if (!options.shape) scheduleValidation();
    };

    /** Puts an undo or redo snapshot in place like a structural edit (untouched nodes keep their objects), unselected. */
    const restore = (snapshot: Snapshot | null) => {
      if (!snapshot) return;
      const state = get();
      set({
        ...snapshot,
        save: { ...state.save, status: "dirty" },
        ...flow(snapshot.routine, [], state),
        ...validate(snapshot.routine),
        selectedStepIds: [],
      });
    };

    let validationTimer: ReturnType<typeof setTimeout> | undefined;
    // Text edits validate after a pause, so typing stays smooth on large routines.
    const scheduleValidation = () => {
      clearTimeout(validationTimer);
      validationTimer = setTimeout(() => get().revalidate(), 250);
    };

    return {
      routineId: init.routineId,
      canEdit: init.canEdit,
      routine: init.routine,
      ...flow(init.routine, []),
      selectedStepIds: [],
      selectedEdgeIds: [],
      ...(init.deferValidation ? { issues: [], issueCountByStep: {} } : validate(init.routine)),
      history: emptyHistory(),
      save: { status: "saved", revision: init.revision },
      notice: null,

      onNodesChange(changes) {
        const state = get();
        const movable = state.canEdit
          ? changes
          : changes.filter((change) => change.type === "select" || change.type === "dimensions");
        const nodes = applyNodeChanges(movable, state.nodes);
        set({ nodes });
        // A finished drag writes positions into the routine (one undo point per drag).
        if (movable.some((change) => change.type === "position" && change.dragging === false)) {
          commit(applyFlowPositions(state.routine, nodes), { shape: false });
        }
        if (movable.some((change) => change.type === "remove")) {
          const removed = new Set(movable.flatMap((change) => (change.type === "remove" ? [change.id] : [])));
          commit(edits.removeSteps(state.routine, removed), { shape: true, selection: [] });
        }
      },
      onEdgesChange(changes) {
        // Only selection is React Flow's to change; removal goes through deleteSelection.
        set({
          edges: applyEdgeChanges(
            changes.filter((change) => change.type === "select"),
            get().edges,
          ),
        });
      },
      onSelectionChange({ nodes, edges }) {
        set({
          selectedStepIds: nodes.filter((node) => node.type !== "stage").map((node) => node.id),
          selectedEdgeIds: edges.map((edge) => edge.id),
        });
      },
      connect(source, target) {
        const result = connectionToEdge(get().routine, { source, target });
        if (!result.ok) return set({ notice: result.message });
        commit(edits.addEdge(get().routine, result.edge), { shape: true });
      },
      addStep(kind, position, tool) {
        const step = edits.makeStep(get().routine, kind, position, tool);
        commit(edits.addStep(get().routine, step), { shape: true, selection: [step.id] });
        return step.id;
      },
      updateStep(id, field, update) {
        commit(edits.updateStep(get().routine, id, update), {
          key: `${id}:${field}`,
          shape: field === "kind" || field === "stageId",
        });
      },
      updateEdge(id, update) {
        commit(edits.updateEdge(get().routine, id, update), { key: `edge:${id}`, shape: true });
      },
      assignStage(stepIds, stageId, newStageName) {
        const created =
          newStageName === undefined
            ? { routine: get().routine, stageId }
            : edits.addStage(get().routine, newStageName);
        commit(edits.assignStage(created.routine, stepIds, created.stageId), { shape: true });
      },
      renameStage(stageId, name) {
        commit(edits.renameStage(get().routine, stageId, name), { key: `stage:${stageId}`, shape: false });
      },
      removeStage(stageId) {
        commit(edits.removeStage(get().routine, stageId), { shape: true });
      },
      updateRoutine(field, update) {
        commit(update(get().routine), { key: `routine:${field}`, shape: false });
      },
      deleteSelection() {
        const { routine, selectedStepIds, selectedEdgeIds } = get();
        const next = edits.removeEdges(edits.removeSteps(routine, new Set(selectedStepIds)), new Set(selectedEdgeIds));
        commit(next, { shape: true, selection: [] });
      },
      duplicateSelection() {
        const clipboard = get().copySelection();
        if (clipboard) get().paste(clipboard);
      },
      copySelection() {
        const { routine, selectedStepIds } = get();
        return selectedStepIds.length ? edits.copySteps(routine, new Set(selectedStepIds)) : null;
      },
      paste(clipboard) {
        const { routine, ids } = edits.pasteSteps(get().routine, clipboard, { x: 40, y: 40 });
        commit(routine, { shape: true, selection: ids });
      },
      async replaceRoutine(routine) {
        commit(await layoutIfUnpositioned(routine), { shape: true, selection: [] });
      },
      async placeUnpositioned() {
        const before = get().routine;
        if (!hasUnpositionedSteps(before)) return;
        const laidOut = await layoutIfUnpositioned(before);
        if (get().routine !== before) return; // edited meanwhile: the next open tries again
        // A reader cannot save, but still sees the steps apart.
        if (get().canEdit) commit(laidOut, { shape: true });
        else set({ routine: laidOut, ...flow(laidOut, get().selectedStepIds, get()) });
      },
      async autoLayout(direction) {
        const laidOut = await layoutRoutine(get().routine, { direction });
        commit(laidOut, { shape: true });
      },
      undo() {
        restore(undo(get().history, get().routine));
      },
      redo() {
        restore(redo(get().history, get().routine));
      },
      select(stepIds) {
        // Only the nodes whose selection flips get new objects; a repeated click changes nothing, and notifies no one.
        const state = get();
        const nodes = withSelection(state.nodes, stepIds);
        const selectedStepIds = sameIds(state.selectedStepIds, stepIds) ? state.selectedStepIds : stepIds;
        if (nodes !== state.nodes || selectedStepIds !== state.selectedStepIds) set({ nodes, selectedStepIds });
      },
      setSave(save) {
        set({ save: { ...get().save, ...save } });
      },
      setNotice(notice) {
        set({ notice });
      },
      revalidate() {
        set(validate(get().routine));
      },
    };
  });
}

/** The step with `id`, in O(1). */
export function selectStep(state: DesignerState, id: string): Step | undefined {
  const index = state.stepIndex[id];
  return index === undefined ? undefined : state.routine.steps[index];
}
