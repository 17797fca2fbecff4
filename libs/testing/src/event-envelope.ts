import Ajv2020 from 'ajv/dist/2020';
import { EVENT_ENVELOPE_SCHEMA } from '@hc/contracts';

let validate: ReturnType<Ajv2020['compile']> | null = null;

/**
 * Checks one event envelope against the JSON Schema of `@hc/contracts` (docs/events.md) with an
 * independent validator; returns the errors, empty when valid.
 */
export function envelopeErrors(envelope: unknown): string[] {
  validate ??= new Ajv2020({ allErrors: true, strict: true }).compile(EVENT_ENVELOPE_SCHEMA);
  if (validate(envelope)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
}
