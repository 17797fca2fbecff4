import { itAppliesTo, itReports } from './lint-probe';

const RULE = 'no-restricted-imports';

const CODE = `import { trustSiteId } from '@hc/contracts';
import { toSiteContext } from '@hc/auth';

export const scope = trustSiteId(Number('7'));
export const build = toSiteContext;
`;

/** Issue 22 "Site scope by type": only the guard, host lookup, CLI and workers build a SiteId. */
describe('lint: who may build a SiteId', () => {
  itReports(
    'refuses trustSiteId and toSiteContext in a controller or service',
    RULE,
    { file: 'apps/content-api/src/images/images.service.ts', code: CODE },
    [
      expect.stringMatching(/^1: 'trustSiteId' import from '@hc\/contracts' is restricted/),
      expect.stringMatching(/^2: 'toSiteContext' import from '@hc\/auth' is restricted/),
    ],
  );

  itAppliesTo(
    'allows them only in the guard, the host lookup, the CLI, the workers and tests',
    RULE,
    {
      'apps/content-api/src/images/images.service.ts': true,
      'apps/content-api/src/images/images.controller.ts': true,
      'apps/design-service/src/template/template.repository.ts': true,
      'apps/reader-site/src/data/content.repository.ts': true,
      'libs/events/src/outbox.writer.ts': true,
      'libs/auth/src/credential.repository.ts': false,
      'apps/reader-site/src/data/site.repository.ts': false,
      'apps/content-api/src/cli/flags.ts': false,
      'apps/content-api/src/cli/analytics.commands.ts': false,
      'apps/content-api/src/comments/comment-emails.worker.ts': false,
      'apps/webhook-dispatcher/src/dispatcher/dispatcher.service.ts': false,
      'apps/content-api/src/images/images.integration-spec.ts': false,
      'libs/testing/src/site-id.ts': false,
    },
  );
});
