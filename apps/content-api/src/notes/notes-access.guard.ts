import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { ApiOAuth2 } from '@nestjs/swagger';
import { Reflector } from '@nestjs/core';
import { apiError, ContentErrorCode, insufficientScope } from '@hc/contracts';
import type { HcRequest } from '@hc/auth';

const NOTES_WRITE_KEY = 'hc:notes-write';

/** The route replies or resolves (needs `notes.write`); without it the route reads. */
export const NotesWrite = () =>
  applyDecorators(SetMetadata(NOTES_WRITE_KEY, true), ApiOAuth2(['notes.write']));

/** A route that reads team notes (needs `notes.read`), as the OpenAPI document states it. */
export const NotesRead = () => ApiOAuth2(['notes.read']);

export function notesForbidden() {
  return apiError(
    ContentErrorCode.NotesForbidden,
    'Team notes need a credential with team-notes access, held by a person who has team-notes access on this site.',
  );
}

/**
 * Spec 4.9 and 5.1/5.2 team-notes access (decisions.md "Team notes"):
 * - an API key must have been created with the notes capability, else `notes_forbidden`; a
 *   Read only notes key reads, and its writes get `insufficient_scope` (notes.write) as any
 *   Read only key's writes do;
 * - an OAuth token needs `notes.read` (reads) or `notes.write` (replies, resolve), else
 *   `insufficient_scope`;
 * - either way the person behind the credential must still be a member of the site with
 *   team-notes access, else `notes_forbidden`.
 * Runs after the global credential guard, which resolved `req.hc` with the person's current access.
 */
@Injectable()
export class NotesAccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const hc = ctx.switchToHttp().getRequest<HcRequest>().hc;
    if (!hc) return false;
    const write = Boolean(this.reflector.get<boolean>(NOTES_WRITE_KEY, ctx.getHandler()));
    const scope = write ? 'notes.write' : 'notes.read';
    if (hc.credential.kind === 'api_key' && !hc.credential.capabilities.notes)
      throw notesForbidden();
    if (!hc.scopes.has(scope)) throw insufficientScope(scope);
    if (hc.principal.role === null || !hc.principal.notesAccess) throw notesForbidden();
    return true;
  }
}
