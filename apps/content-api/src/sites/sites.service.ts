import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { DataSource } from 'typeorm';
import {
  apiError,
  CommonErrorCode,
  fieldError,
  messages,
  PLANS,
  SITE_VISIBILITIES,
} from '@hc/contracts';
import type { Plan, SiteVisibility } from '@hc/contracts';
import type { RequestContext, SiteContext } from '@hc/auth';
import { hashPassword } from '@hc/auth';
import { isLanguageCode } from '@hc/content';
import { writeAuditEvent, writeWebhookEvent } from '@hc/events';
import { TeamRepository } from '../team/team.repository';
import { SiteChanges, SitesRepository } from './sites.repository';
import { toSiteResponse } from './site.mapper';

export interface CreateSiteInput {
  ownerUserId: number;
  name?: string;
  subdomain?: string;
  defaultLanguage?: string;
  languages?: string[];
  plan?: string;
  stagingPreview?: boolean;
  legacyEditor?: boolean;
}

export interface UpdateSiteInput {
  name?: string;
  subdomain?: string;
  /** A custom domain already checked by `SiteDomainService` (null removes it). */
  domain?: string | null;
  defaultLanguage?: string;
  visibility?: string;
  sitePassword?: string;
  suspended?: boolean;
  ipAllowlist?: string[];
  plan?: string;
  stagingPreview?: boolean;
  languages?: string[];
  legacyEditor?: boolean;
  /** Issue #14: reader pages of this site render stored HTML unsanitized. */
  allowUnsafeHtml?: boolean;
}

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A site password (the reader's password page): long enough not to be guessed in a few tries. */
export const SITE_PASSWORD_MIN = 8;
export const SITE_PASSWORD_MAX = 191;

function checkSubdomain(value: string): string {
  const subdomain = value.trim().toLowerCase();
  if (!SUBDOMAIN.test(subdomain)) {
    throw fieldError('subdomain', 'The subdomain may contain only letters, digits and hyphens.');
  }
  return subdomain;
}

function checkSitePassword(password: string): string {
  if ([...password].length < SITE_PASSWORD_MIN)
    throw fieldError('password', messages.minString('password', SITE_PASSWORD_MIN));
  if ([...password].length > SITE_PASSWORD_MAX)
    throw fieldError('password', messages.maxString('password', SITE_PASSWORD_MAX));
  return password;
}

function checkPlan(plan: string): Plan {
  if (!(PLANS as readonly string[]).includes(plan))
    throw fieldError('plan', messages.selectedInvalid('plan'));
  return plan as Plan;
}

function checkLanguages(defaultLanguage: string, languages: string[]): string[] {
  if (!isLanguageCode(defaultLanguage)) {
    throw fieldError('default_language', messages.selectedInvalid('default_language'));
  }
  for (const code of languages) {
    if (!isLanguageCode(code))
      throw fieldError('languages', `Unsupported language code "${code}".`);
  }
  return [defaultLanguage, ...new Set(languages.filter((l) => l !== defaultLanguage))];
}

/** One allow-list entry: an IPv4 or IPv6 address, or a CIDR range with a prefix that fits it. */
export function checkCidr(value: string): string {
  const entry = value.trim();
  const m = /^([0-9a-fA-F:.]{2,45})(?:\/(\d{1,3}))?$/.exec(entry);
  const version = m ? isIP(m[1]) : 0;
  const maxPrefix = version === 4 ? 32 : 128;
  if (!m || version === 0 || (m[2] !== undefined && Number(m[2]) > maxPrefix)) {
    throw fieldError('ip_allowlist', `"${entry}" is not an IP address or CIDR range.`);
  }
  return entry;
}

@Injectable()
export class SitesService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    private readonly sites: SitesRepository,
    private readonly team: TeamRepository,
  ) {}

  /** GET /sites: an API key lists its one site; a token the sites shared with the app. */
  async listForContext(ctx: RequestContext) {
    const sites =
      ctx.credential.kind === 'api_key'
        ? ctx.site
          ? [ctx.site]
          : []
        : ctx.credential.kind === 'oauth'
          ? await this.sites.findByIds(ctx.credential.siteIds)
          : // Issue 37: a dashboard session lists the sites the person is a member of.
            await this.sites.findForMember(ctx.principal.userId);
    return {
      sites: sites.map(toSiteResponse),
      meta: { items_count: sites.length },
    };
  }

  async create(input: CreateSiteInput): Promise<SiteContext> {
    const name = input.name?.trim();
    if (!name) throw fieldError('name', messages.required('name'));
    const subdomain = checkSubdomain(input.subdomain ?? '');
    const defaultLanguage = input.defaultLanguage ?? 'en';
    const languages = checkLanguages(defaultLanguage, input.languages ?? [defaultLanguage]);
    const plan = checkPlan(input.plan ?? 'growth');
    const owner = await this.team.findUser(input.ownerUserId);
    if (!owner) throw apiError(CommonErrorCode.NotFound, `No user with id ${input.ownerUserId}.`);
    if (await this.sites.subdomainTaken(subdomain)) {
      throw fieldError('subdomain', 'The subdomain has already been taken.');
    }
    const uuid = randomUUID();
    const siteId = await this.ds.transaction(async (m) => {
      const id = await this.sites.insert(m, {
        uuid,
        accountId: owner.account_id,
        name,
        subdomain,
        defaultLanguage,
        languages,
        plan,
        stagingPreview: Boolean(input.stagingPreview),
        templateEditor: !input.legacyEditor,
      });
      await this.team.insertOwner(id, m, input.ownerUserId);
      await writeAuditEvent(m, { id, uuid }, 'site.create', { type: 'site', id });
      return id;
    });
    return (await this.sites.findById(siteId)) as SiteContext;
  }

  /**
   * Operator update and the dashboard's site settings (issue 38 item 5): visibility, IP
   * allow-list and suspension changes send `site.updated` (spec 6) in the update's transaction;
   * nothing else sends an event. Every change moves the reader pages' version (a new subdomain
   * or domain included), so no reader cache answers for the old addresses.
   */
  async update(siteId: number, input: UpdateSiteInput): Promise<SiteContext> {
    const current = await this.requireSite(siteId);
    const changes = await this.changesOf(current, input);
    const announce =
      (changes.visibility !== undefined && changes.visibility !== current.visibility) ||
      (changes.suspended !== undefined && changes.suspended !== current.suspended) ||
      (changes.ipAllowlist !== undefined &&
        JSON.stringify(changes.ipAllowlist) !== JSON.stringify(current.ipAllowlist));
    try {
      await this.ds.transaction(async (m) => {
        await this.sites.update(current.id, m, changes);
        if (changes.passwordHash !== undefined) await this.sites.endPasswordSessions(current.id, m);
        if (announce) {
          await writeWebhookEvent(m, current, 'site.updated', {
            type: 'site',
            id: siteId,
            visibility: changes.visibility ?? current.visibility,
          });
        } else {
          await writeAuditEvent(m, current, 'site.update', { type: 'site', id: siteId });
        }
      });
    } catch (err) {
      // Two sites saving the same address at once: the database keeps one (uq_sites_*).
      const e = err as { code?: string; sqlMessage?: string };
      if (e?.code === 'ER_DUP_ENTRY' && /uq_sites_(domain|subdomain)/.test(e.sqlMessage ?? '')) {
        const field = /uq_sites_domain/.test(e.sqlMessage ?? '') ? 'domain' : 'subdomain';
        throw fieldError(field, `The ${field} has already been taken.`);
      }
      throw err;
    }
    return (await this.sites.findById(siteId)) as SiteContext;
  }

  /** The checked column changes of an update. */
  private async changesOf(current: SiteContext, input: UpdateSiteInput): Promise<SiteChanges> {
    const changes: SiteChanges = {};
    if (input.name !== undefined) {
      if (!input.name.trim()) throw fieldError('name', messages.required('name'));
      changes.name = input.name.trim();
    }
    if (input.subdomain !== undefined) {
      changes.subdomain = checkSubdomain(input.subdomain);
      if (await this.sites.subdomainTaken(changes.subdomain, current.id))
        throw fieldError('subdomain', 'The subdomain has already been taken.');
    }
    if (input.domain !== undefined) changes.domain = input.domain;
    if (input.sitePassword !== undefined)
      changes.passwordHash = await hashPassword(checkSitePassword(input.sitePassword));
    if (input.visibility !== undefined) {
      if (!(SITE_VISIBILITIES as readonly string[]).includes(input.visibility)) {
        throw fieldError('visibility', messages.selectedInvalid('visibility'));
      }
      changes.visibility = input.visibility as SiteVisibility;
      if (
        input.visibility === 'password' &&
        changes.passwordHash === undefined &&
        !(await this.sites.hasPassword(current.id))
      )
        throw fieldError('password', 'A password-protected site needs a password.');
    }
    if (input.suspended !== undefined) changes.suspended = input.suspended;
    if (input.ipAllowlist !== undefined) changes.ipAllowlist = input.ipAllowlist.map(checkCidr);
    if (input.plan !== undefined) changes.plan = checkPlan(input.plan);
    if (input.stagingPreview !== undefined) changes.stagingPreview = input.stagingPreview;
    if (input.languages !== undefined || input.defaultLanguage !== undefined) {
      const defaultLanguage = input.defaultLanguage ?? current.defaultLanguage;
      changes.languages = checkLanguages(defaultLanguage, input.languages ?? current.languages);
      if (defaultLanguage !== current.defaultLanguage) changes.defaultLanguage = defaultLanguage;
    }
    if (input.legacyEditor !== undefined) changes.templateEditor = !input.legacyEditor;
    if (input.allowUnsafeHtml !== undefined) changes.allowUnsafeHtml = input.allowUnsafeHtml;
    return changes;
  }

  /** Sends `site.deleted` while the site still exists, then removes it from service. */
  async delete(siteId: number): Promise<void> {
    const site = await this.requireSite(siteId);
    await this.ds.transaction(async (m) => {
      await writeWebhookEvent(m, site, 'site.deleted', {
        type: 'site',
        id: site.id,
        visibility: site.visibility,
      });
      await this.sites.softDelete(site.id, m);
    });
  }

  async requireSite(siteId: number): Promise<SiteContext> {
    const site = await this.sites.findById(siteId);
    if (!site) throw apiError(CommonErrorCode.NotFound, `No site with id ${siteId}.`);
    return site;
  }
}
