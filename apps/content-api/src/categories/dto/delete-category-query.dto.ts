import { BodyFrom, QueryEnum, readQuery } from '@hc/http';
import { ON_ORPHAN } from '../categories.service';
import type { OnOrphan } from '../categories.service';

/** DELETE /categories/{id} (spec 4.6): what happens to the articles and subcategories it holds. */
@BodyFrom(readQuery)
export class DeleteCategoryQuery {
  @QueryEnum(
    ON_ORPHAN,
    'Needed when the category holds articles or subcategories: uncategorize them, or move them to its parent',
  )
  on_orphan?: OnOrphan;
}
