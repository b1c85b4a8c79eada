/** Types of book-schema-validator.js, which scripts/schema-validator.mjs compiles from schema/book.schema.json. */
import type { SchemaError } from '../formats/schema-validator.js';

declare const validate: ((doc: unknown) => boolean) & { errors?: SchemaError[] | null };
export default validate;
