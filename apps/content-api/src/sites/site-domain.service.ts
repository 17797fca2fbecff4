import { Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import { fieldError, settings } from '@hc/contracts';
import { knownPlatformHost, platformHosts } from '@hc/http';
import type { SiteContext } from '@hc/auth';
import { DomainTxtResolver } from './domain-txt.resolver';
import { SitesRepository } from './sites.repository';

/** The TXT record that proves a domain is the site's: its name below the domain, its value. */
export const DOMAIN_CHECK_LABEL = '_hc-verification';
export const domainCheckValue = (site: Pick<SiteContext, 'uuid'>) => `hc-verification=${site.uuid}`;

const DOMAIN_MAX = 191;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Whether `host` is `name` or a name below it. */
const atOrBelow = (host: string, name: string) => host === name || host.endsWith(`.${name}`);

/**
 * A site's custom domain (issue 38 item 5): a host name that is no platform address and no
 * other site's, saved only once the domain's DNS carries the site's TXT record. Serving it
 * (listener, certificate) stays the operator's (deploy/README.md).
 */
@Injectable()
export class SiteDomainService {
  constructor(
    private readonly sites: SitesRepository,
    private readonly dns: DomainTxtResolver,
  ) {}

  /** The checked domain to save (lower case, no trailing dot), or null to remove it. */
  async check(site: SiteContext, value: string | null): Promise<string | null> {
    if (value === null || value.trim() === '') return null;
    const domain = value.trim().toLowerCase().replace(/\.$/, '');
    if (
      domain.length > DOMAIN_MAX ||
      isIP(domain) !== 0 ||
      !domain.includes('.') ||
      !domain.split('.').every((label) => LABEL.test(label))
    )
      throw fieldError('domain', 'The domain must be a host name such as help.example.com.');
    if (this.platformName(domain))
      throw fieldError(
        'domain',
        'The domain is an address of the platform and cannot be a site’s.',
      );
    if (await this.sites.domainTaken(domain, site.id))
      throw fieldError('domain', 'The domain has already been taken.');
    await this.proveOwnership(site, domain);
    return domain;
  }

  /**
   * The platform's hosts and every name below them, the reader origin, and `HC_READER_DOMAIN`
   * with every name below it (those are the sites' own `{subdomain}.` addresses).
   */
  private platformName(domain: string): boolean {
    const s = settings();
    const names = [...platformHosts(), new URL(s.readerUrl).hostname];
    if (s.readerDomain) names.push(s.readerDomain);
    return knownPlatformHost(domain) || names.some((name) => atOrBelow(domain, name));
  }

  private async proveOwnership(site: SiteContext, domain: string): Promise<void> {
    const name = `${DOMAIN_CHECK_LABEL}.${domain}`;
    const expected = domainCheckValue(site);
    let records: string[];
    try {
      records = await this.dns.resolveTxt(name);
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'an error';
      throw fieldError(
        'domain',
        `The DNS lookup of ${name} failed (${code}). Try again in a few minutes.`,
      );
    }
    if (!records.some((r) => r.trim() === expected)) {
      throw fieldError(
        'domain',
        `Add a TXT record named ${name} with the value ${expected}, then save again.`,
      );
    }
  }
}
