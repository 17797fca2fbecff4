import { SetMetadata } from '@nestjs/common';

/**
 * How a route puts content before readers (issue 39 item 7): `staged` publishes an article's
 * staged copies, `update` and `create` publish an article when the body says `published: true`,
 * `bulk` publishes the articles of a multi-select `publish` action. The review folder's gate
 * reads it: on a site that requires review, a person's dashboard publish needs an approval
 * (API keys and OAuth tokens keep the spec's rules).
 */
export type PublishPath = 'staged' | 'update' | 'create' | 'bulk';

export const PUBLISH_PATH = 'hc:publish-path';

/** Marks a route as a publish path (the gate decides, from the request, whether this call publishes). */
export const PublishesArticles = (path: PublishPath) => SetMetadata(PUBLISH_PATH, path);
