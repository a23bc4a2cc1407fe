// The part of swagger-ui-dist's self-contained bundle the API page uses (the package ships no types).
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  export type SwaggerUIOptions = {
    domNode: HTMLElement;
    spec: object;
    /** Which methods "Try it out" may send; [] turns it off. */
    supportedSubmitMethods?: string[];
    /** The online validator's badge; null: none (it would call validator.swagger.io). */
    validatorUrl?: string | null;
    docExpansion?: "list" | "full" | "none";
    defaultModelsExpandDepth?: number;
    deepLinking?: boolean;
    onComplete?: () => void;
  };
  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
