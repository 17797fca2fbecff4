import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { PAGE_SIZE } from '../ui/paging';
import type { AuditEntry, People } from './entries';
import { auditQuery, type AuditSearch } from './search';

/** The most rows a CSV download holds (100 pages of the API's largest page). */
export const CSV_MAX_ROWS = 10_000;
const CSV_PAGE = 100;

const readPage = (search: AuditSearch, page: number, limit: number) =>
  unwrap(api.GET('/v1/audit', { params: { query: auditQuery(search, page, limit) } }));

/**
 * One page of the site's audit log as the URL filters it (GET /v1/audit: Owners and Admins; the
 * others get its refusal), and the members whose names the entries show.
 */
export function useAudit(siteId: number, search: AuditSearch) {
  const entries = useQuery({
    queryKey: ['audit', siteId, search],
    queryFn: () => readPage(search, search.page ?? 1, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const members = useQuery({
    queryKey: ['team', siteId, 'members'],
    queryFn: () => unwrap(api.GET('/v1/team/members')),
  });
  const people: People = new Map(
    (members.data?.members ?? []).map((m) => [m.user_id, m.name || m.email]),
  );
  return { entries, members, people };
}

/**
 * Every entry the filters select, newest first, read page by page from the same API the
 * screen reads (so the role check, the site scope and the filters are the API's), up to
 * CSV_MAX_ROWS; `capped` says when there were more.
 */
export async function readAllEntries(
  search: AuditSearch,
): Promise<{ entries: AuditEntry[]; capped: boolean }> {
  const entries: AuditEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await readPage(search, page, CSV_PAGE);
    entries.push(...answer.entries);
    if (page >= answer.meta.total_pages || answer.entries.length === 0)
      return { entries, capped: false };
    if (entries.length >= CSV_MAX_ROWS)
      return { entries: entries.slice(0, CSV_MAX_ROWS), capped: true };
  }
}
