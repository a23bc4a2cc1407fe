import type { AnnotationReader } from "./text-lexer";

// Values annotations share (ids, numbers), read apart from text-annotations.ts so a kind's own annotations
// (lib/routine/kinds/<kind>/annotations.ts) can read them too.

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** A step, stage or edge id, bare or quoted. */
export function readId(r: AnnotationReader): string {
  const at = r.at;
  const id = r.wordOrString("an id (letters, digits, '-' or '_')");
  if (!ID.test(id)) r.fail(`'${id}' is not a valid id: use 1–64 letters, digits, '-' or '_'.`, at);
  return id;
}

/** A JSON number; `what` names it in the message when the word is not one. */
export function readNumber(r: AnnotationReader, what: string): number {
  r.skipSpaces();
  const at = r.at;
  const word = r.word(what);
  if (!JSON_NUMBER.test(word) || !Number.isFinite(Number(word)))
    r.fail(`Expected ${what} (a number), found '${word}'.`, at);
  return Number(word);
}
