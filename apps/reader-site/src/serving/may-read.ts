import { sameSecret } from '../http/access';
import type { Admitted } from '../site/gate.service';
import type { ArticleAccessRow } from '../data/content.repository';

/** Which articles a reader may open (spec 2.3): the rules in one place. */
export function mayRead(
  article: ArticleAccessRow,
  admitted: Admitted,
  token: string | null,
): boolean {
  if (article.deleted || !article.published || article.inPrivateCategory) return false;
  if (article.visibility === 'public') return true;
  if (article.visibility === 'link_only') return sameSecret(token, article.shareToken);
  const member = admitted.session?.member;
  return Boolean(member && article.sharedWith.includes(member.userId));
}
