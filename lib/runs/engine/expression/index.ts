// The branch expression language: parse, list what it reads, evaluate over the run's values. No code runs.
export { ExpressionError } from "./lexer";
export { parseExpression, referencedPaths, type Expression } from "./parser";
export { evaluate, evaluateCondition, truthy, type ExpressionScope } from "./evaluate";
