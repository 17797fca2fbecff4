import { Injectable } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';

/**
 * The DNS TXT lookup of a custom domain's ownership check (issue 38 item 5), one provider so
 * tests can answer it: `jest.spyOn(app.get(DomainTxtResolver), 'resolveTxt')`. A lookup gives
 * up after about 6 s (3 s, two tries), so a dead name server cannot hold a request long.
 */
@Injectable()
export class DomainTxtResolver {
  private readonly resolver = new Resolver({ timeout: 3000, tries: 2 });

  /** The TXT records at `name`, each joined from its strings; none when the name has none. */
  async resolveTxt(name: string): Promise<string[]> {
    try {
      return (await this.resolver.resolveTxt(name)).map((parts) => parts.join(''));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
      throw err;
    }
  }
}
