/**
 * Types of schema-validator.js, which scripts/schema-validator.mjs compiles
 * from schema/maze.schema.json (ajv's standalone code, first error only).
 */
export interface SchemaError {
  /** JSON pointer to the value that failed: '' for the document, '/palette/3', '/doors/0/key'. */
  instancePath: string;
  /** The schema keyword it failed: type, required, pattern, minimum… */
  keyword: string;
  params: Record<string, unknown>;
}

declare const validate: ((doc: unknown) => boolean) & { errors?: SchemaError[] | null };
export default validate;
