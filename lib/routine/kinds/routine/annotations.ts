import { readId } from "../../text-annotation-values";
import type { AnnotationReader } from "../../text-lexer";

/** The annotation only a sub-routine step carries: which routine it runs. */
export type RoutineAnnotation = { key: "routine"; value: string };

/** How `[routine: its_id]` reads after its name. */
export const ROUTINE_ANNOTATION_READERS: {
  readonly [K in RoutineAnnotation["key"]]: (r: AnnotationReader) => RoutineAnnotation;
} = {
  routine: (r) => {
    r.expect(":", "after 'routine'");
    return { key: "routine", value: readId(r) };
  },
};
