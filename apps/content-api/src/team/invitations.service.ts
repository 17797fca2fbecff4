import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  apiError,
  AuthErrorCode,
  CommonErrorCode,
  fieldError,
  setCurrentActor,
  settings,
  tooManyAttempts,
} from '@hc/contracts';
import type { Role, SiteId } from '@hc/contracts';
import { hashPassword } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { writeAuditEvent } from '@hc/events';
import { formatB } from '@hc/contracts';
import { MailBudget } from '@hc/http';
import { CommentEmailsRepository } from '../comments/comment-emails.repository';
import type { AcceptAsNewDto, InvitationLinkDto, InviteDto } from './dto/team.dto';
import { TeamDashboardRepository, type InvitationRow } from './team-dashboard.repository';
import { TeamRepository } from './team.repository';
import { checkedEmail, normalEmail } from './users.service';

/** How long an invitation link works (a resend gives a new link for as long again). */
export const INVITATION_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function newLink(siteId: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    // The token rides in the fragment: browsers never send it, so no server log holds it.
    url: `${settings().dashboardUrl}/app/invitations/${siteId}#${token}`,
  };
}

export function invitationView(row: InvitationRow, now = new Date()) {
  return {
    id: Number(row.id),
    email: row.email,
    role: row.role,
    notes_access: Boolean(row.notes_access),
    invited_by: row.inviter_name ?? '',
    created_at: formatB(row.created_at),
    expires_at: formatB(row.expires_at),
    expired: new Date(row.expires_at) <= now,
    sent_count: Number(row.sent_count),
  };
}

const invalidLink = () =>
  apiError(
    AuthErrorCode.InvitationInvalid,
    'This invitation link is not valid. Ask the person who invited you for a new one.',
  );

/** The invitation's state refusals: used, revoked (as invalid), expired. */
function checkOpen(row: InvitationRow | null): InvitationRow {
  if (!row || row.revoked_at) throw invalidLink();
  if (row.accepted_at)
    throw apiError(AuthErrorCode.InvitationUsed, 'This invitation has already been accepted.');
  if (new Date(row.expires_at) <= new Date())
    throw apiError(
      AuthErrorCode.InvitationExpired,
      'This invitation has expired. Ask the person who invited you to send it again.',
    );
  return row;
}

/**
 * Invitations to a site's team (issue 38): an email with a single-use link, bound to the site,
 * stored as the token's SHA-256 and expiring after INVITATION_DAYS; the invitee joins as a new
 * person (name and password) or, signed in, as the person they are.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly rows: TeamDashboardRepository,
    private readonly team: TeamRepository,
    private readonly emails: CommentEmailsRepository,
    private readonly budget: MailBudget,
  ) {}

  list(site: SiteContext) {
    return this.rows.pendingInvitations(site.id).then((rows) => rows.map((r) => invitationView(r)));
  }

  async invite(
    site: SiteContext,
    ctx: RequestContext,
    body: InviteDto,
    address: string | undefined,
  ) {
    const email = checkedEmail(body.email);
    const existing = await this.team.findUserByEmail(email);
    if (existing && (await this.team.findMembership(site.id, existing.id)))
      throw fieldError('email', 'That person is already a member of the site.');
    await this.spendBudget(email, address);
    return this.rows.transaction(async (m) => {
      const link = newLink(site.id);
      const change = { ...link, invitedBy: ctx.principal.userId, role: body.role as Role };
      const notesAccess = Boolean(body.notes_access);
      let id = await this.rows.pendingInvitationFor(site.id, m, email);
      if (id === null)
        id = await this.rows.insertInvitation(site.id, m, { ...change, email, notesAccess });
      else await this.rows.renewInvitation(site.id, m, id, { ...change, notesAccess });
      const row = (await this.rows.invitation(site.id, m, { id })) as InvitationRow;
      await this.mail(site, m, row, link.url);
      await writeAuditEvent(m, site, 'invitation.create', { type: 'invitation', id });
      return invitationView(row);
    });
  }

  /** A new link by email (the old link stops working) for as long again. */
  async resend(site: SiteContext, ctx: RequestContext, id: number, address: string | undefined) {
    const found = await this.rows.invitation(site.id, this.rows.manager, { id });
    if (found && !found.accepted_at && !found.revoked_at)
      await this.spendBudget(found.email, address);
    return this.rows.transaction(async (m) => {
      const found = await this.pending(site.id, m, id);
      const link = newLink(site.id);
      await this.rows.renewInvitation(site.id, m, found.id, {
        ...link,
        invitedBy: ctx.principal.userId,
      });
      const row = (await this.rows.invitation(site.id, m, { id })) as InvitationRow;
      await this.mail(site, m, row, link.url);
      await writeAuditEvent(m, site, 'invitation.resend', { type: 'invitation', id });
      return invitationView(row);
    });
  }

  async revoke(site: SiteContext, id: number): Promise<void> {
    await this.rows.transaction(async (m) => {
      await this.pending(site.id, m, id);
      await this.rows.closeInvitation(site.id, m, id, 'revoked');
      await writeAuditEvent(m, site, 'invitation.revoke', { type: 'invitation', id });
    });
  }

  /** What the invitation page shows before the person accepts; refusals as for accepting. */
  async show(link: InvitationLinkDto) {
    const site = await this.siteOf(link);
    const row = checkOpen(
      await this.rows.invitation(site.id, this.rows.manager, { tokenHash: hashToken(link.token) }),
    );
    return {
      site: { id: site.id, name: site.name },
      email: row.email,
      role: row.role,
      invited_by: row.inviter_name ?? '',
      expires_at: formatB(row.expires_at),
      account_exists: (await this.team.findUserByEmail(row.email)) !== null,
    };
  }

  /** A new person: their account, with the invitation's email, and the membership. */
  async acceptAsNew(body: AcceptAsNewDto) {
    const site = await this.siteOf(body);
    const name = body.name.trim();
    if (!name) throw fieldError('name', 'The name field is required.');
    const passwordHash = await hashPassword(body.password);
    return this.accepting(site, body, async (m, row) => {
      if (await this.team.emailTaken(m, row.email))
        throw fieldError(
          'email',
          'An account with this email already exists: sign in, then open the link again.',
        );
      const { userId } = await this.team.insertUserWithAccount(m, {
        email: row.email,
        name,
        passwordHash,
      });
      return userId;
    });
  }

  /** The signed-in person, whose email the invitation was sent to. */
  async acceptAsMember(ctx: RequestContext, body: InvitationLinkDto) {
    const site = await this.siteOf(body);
    const person = await this.team.findUser(ctx.principal.userId);
    return this.accepting(site, body, async (_m, row) => {
      if (!person || normalEmail(person.email) !== row.email)
        throw apiError(
          CommonErrorCode.Forbidden,
          `This invitation was sent to ${row.email}. Sign in as that person to accept it.`,
        );
      return person.id;
    });
  }

  /**
   * The one transaction of an acceptance: the invitation read under a lock (so a link is spent
   * once), the person found or made, the membership (a member already keeps their role).
   */
  private accepting(
    site: SiteContext,
    link: InvitationLinkDto,
    person: (m: EntityManager, row: InvitationRow) => Promise<number>,
  ) {
    return this.rows.transaction(async (m) => {
      const row = checkOpen(
        await this.rows.invitation(site.id, m, { tokenHash: hashToken(link.token) }),
      );
      const userId = await person(m, row);
      setCurrentActor({ kind: 'dashboard', user_id: userId });
      const member = await this.rows.lockedRole(site.id, m, userId);
      if (member === null) {
        await this.team.upsertMembership(site.id, m, {
          site_id: site.id,
          user_id: userId,
          role: row.role,
          notes_access: Boolean(row.notes_access),
        });
        await writeAuditEvent(m, site, 'member.add', { type: 'user', id: userId });
      }
      await this.rows.closeInvitation(site.id, m, row.id, { acceptedBy: userId });
      await writeAuditEvent(m, site, 'invitation.accept', { type: 'invitation', id: row.id });
      return { site_id: site.id, user_id: userId, role: member ?? row.role };
    });
  }

  private async siteOf(link: InvitationLinkDto): Promise<SiteContext> {
    const site = await this.rows.siteOfInvitation(Number(link.site_id));
    if (!site) throw invalidLink();
    return site;
  }

  private async pending(siteId: SiteId, m: EntityManager, id: number): Promise<InvitationRow> {
    const row = await this.rows.invitation(siteId, m, { id });
    if (!row || row.accepted_at || row.revoked_at)
      throw apiError(CommonErrorCode.NotFound, 'No pending invitation with that id.');
    return row;
  }

  /**
   * The shared invitation email budget (`MailBudget`, purpose `invite`: per recipient and per
   * client address, HC_MAIL_*), spent before anything is written; 429 in spec 7's shape once spent.
   */
  private async spendBudget(email: string, address: string | undefined): Promise<void> {
    const answer = await this.budget.spend('invite', email, address);
    if (!answer.allowed) throw tooManyAttempts(answer.retryAfterSeconds, 'json');
  }

  /** The email, through the mail outbox in the invitation's transaction. */
  private async mail(site: SiteContext, m: EntityManager, row: InvitationRow, url: string) {
    const inviter = row.inviter_name || 'A team member';
    await this.emails.enqueue(
      site.id,
      m,
      row.id,
      `invite:${row.id}:${row.sent_count}`,
      { name: '', email: row.email },
      `${inviter} invited you to ${site.name}`,
      `${inviter} invited you to join the team of "${site.name}" as ${row.role}.\n\n` +
        `Accept the invitation: ${url}\n\n` +
        `The link works once and expires on ${formatB(row.expires_at)}. If you did not expect ` +
        `this email, you can ignore it.\n`,
    );
  }
}
