import { BodyFrom, QueryText, readQuery } from '@hc/http';

/** GET /translations: `lang` a site language (checked against the site), default its default. */
@BodyFrom(readQuery)
export class TranslationsQuery {
  @QueryText("One of the site's languages; default the site's default language", 'de')
  lang?: string;
}
