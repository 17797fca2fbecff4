import { API_KEY_SCOPES } from '@hc/contracts';
import type { FieldSpec } from '@hc/contracts';
import { Field, ObjectBody } from '@hc/http';

/** The roles an invitation or a role change may give: the Owner comes only by a transfer. */
export const INVITABLE_ROLES = ['admin', 'editor', 'translator', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

const ROLE: FieldSpec = {
  kind: 'choice',
  values: INVITABLE_ROLES,
  description: 'The role on the site (the Owner is made only by a transfer of ownership)',
  example: 'editor',
};
const NOTES_ACCESS: FieldSpec = {
  kind: 'boolean',
  description: 'Whether the person reads and writes team notes (spec 4.9)',
  example: false,
};
const TOKEN: FieldSpec = {
  kind: 'text',
  minLength: 1,
  maxLength: 200,
  description: 'The token of the invitation link',
  example: 'Yk3…',
};
const SITE_ID: FieldSpec = {
  kind: 'integer',
  minimum: 1,
  description: 'The site of the invitation link',
  example: 3,
};

/** POST /team/invitations (issue 38). */
@ObjectBody('email', 'The request must be an object.')
export class InviteDto {
  @Field(
    { kind: 'text', maxLength: 191, description: 'Who is invited', example: 'ann@example.com' },
    { required: true },
  )
  email!: string;

  @Field(ROLE, { required: true })
  role!: InvitableRole;

  @Field(NOTES_ACCESS)
  notes_access?: boolean;
}

/** PATCH /team/members/{userId} (issue 38). */
@ObjectBody('role', 'The request must be an object.')
export class MemberChangeDto {
  @Field(ROLE)
  role?: InvitableRole;

  @Field(NOTES_ACCESS)
  notes_access?: boolean;
}

/** POST /team/transfer (issue 38): the member who becomes the Owner. */
@ObjectBody('user_id', 'The request must be an object.')
export class TransferDto {
  @Field(
    { kind: 'integer', minimum: 1, description: 'The member who becomes the Owner', example: 7 },
    { required: true },
  )
  user_id!: number;
}

/** The invitation link's site and token (its fragment holds the token, never sent to a server log). */
@ObjectBody('token', 'The request must be an object.')
export class InvitationLinkDto {
  @Field(SITE_ID, { required: true })
  site_id!: number;

  @Field(TOKEN, { required: true })
  token!: string;
}

/** POST /invitations/accept: a new person's name and password with the link. */
export class AcceptAsNewDto extends InvitationLinkDto {
  @Field(
    { kind: 'text', minLength: 1, maxLength: 191, description: 'Your name', example: 'Ann Lee' },
    { required: true },
  )
  name!: string;

  @Field(
    {
      kind: 'text',
      minLength: 8,
      maxLength: 200,
      description: 'At least 8 characters',
      example: 'correct horse',
    },
    { required: true },
  )
  password!: string;
}

/** POST /keys (issue 38, spec 5.1). */
@ObjectBody('name', 'The request must be an object.')
export class NewKeyDto {
  @Field(
    {
      kind: 'text',
      minLength: 1,
      maxLength: 100,
      description: 'What the key is for (shown in the list)',
      example: 'Zapier import',
    },
    { required: true },
  )
  name!: string;

  @Field(
    {
      kind: 'choice',
      values: API_KEY_SCOPES,
      description: 'Read only (`read`) or Read & write (`read_write`)',
      example: 'read',
    },
    { required: true },
  )
  scope!: (typeof API_KEY_SCOPES)[number];

  @Field({
    kind: 'boolean',
    description:
      'Design access (design.read; a Read & write key also design.write); not addable later',
    example: false,
  })
  design?: boolean;

  @Field({
    kind: 'boolean',
    description: 'Team-notes access; not addable later',
    example: false,
  })
  notes?: boolean;
}
