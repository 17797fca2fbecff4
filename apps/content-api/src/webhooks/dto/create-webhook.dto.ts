import { ValidateBy } from 'class-validator';
import { messages } from '@hc/contracts';
import { Field } from '@hc/http';
import { parseTarget } from '@hc/net';

/** Spec 4.8: a generated secret is used when none is sent; one sent has at least 16 characters. */
export const SECRET_MIN = 16;

/**
 * POST /webhooks (spec 4.8). No upper bound on either field here: a value over 191 characters
 * passes validation and fails when stored (spec 7: 500). Anything else sent (`events`, …) is
 * dropped. Whether the address is public is the service's check (it resolves the name).
 */
export class CreateWebhookDto {
  @ValidateBy(
    {
      name: 'isHttpUrl',
      validator: { validate: (v: unknown) => parseTarget(v as string) !== null },
    },
    { message: messages.url('url') },
  )
  @Field(
    {
      kind: 'text',
      description: 'http:// or https:// address of a public host, up to 191 characters',
      example: 'https://hooks.example.com/help-center',
    },
    { required: true },
  )
  url!: string;

  @Field({
    kind: 'text',
    minLength: SECRET_MIN,
    null: 'ignored',
    description: 'Signing secret, 16 to 191 characters; omitted: 48 random letters and digits',
  })
  secret?: string | null;
}
