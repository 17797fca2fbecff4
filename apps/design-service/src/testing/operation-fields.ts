// The fields of the PATCH /template/draft operations, for specs that send odd batches (not a spec file).
import { OPERATIONS } from '../operations/batch';

/** Every field some operation reads (spec 4.12), each once, in the order OPERATIONS first names it. */
export const OPERATION_FIELDS: readonly string[] = [
  ...new Set(Object.values(OPERATIONS).flatMap((spec) => [...spec.required, ...spec.optional])),
];
