import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DesignDocument } from '@hc/design';
import { api, ApiRequestError, unwrap } from '../api/client';
import { notifyDone, notifyError } from '../ui/notify';
import { batches, DesignOp, opsToReach } from './undo';
import { designKey, loadDraft } from './use-design';
import type { ApplySection, Draft } from './use-design';

/** A change the session made, and the draft as it was before it (what undo brings back). */
export interface Step {
  label: string;
  before: DesignDocument;
}

/** Undo keeps this many steps (older ones are dropped). */
export const UNDO_DEPTH = 50;

/** A 412 `stale_draft`: someone else changed the draft; `lost` is the change not saved. */
export interface Stale {
  lost: string;
}

const isStale = (e: unknown) => e instanceof ApiRequestError && e.code === 'stale_draft';

/**
 * The editing session of one draft (issue 39): every change is a design write carrying the
 * draft's etag; the session keeps the drafts it replaced for undo (re-applied through the API as
 * operations, `opsToReach`); a 412 `stale_draft` stops everything until the person reloads, and
 * a reload drops the undo steps (they describe a draft that is no longer there).
 */
export function useDraftSession(siteId: number, draft: Draft | undefined) {
  const queries = useQueryClient();
  const [steps, setSteps] = useState<Step[]>([]);
  const [stale, setStale] = useState<Stale | null>(null);
  const [busy, setBusy] = useState(false);
  const draftKey = [...designKey(siteId), 'draft'];

  /** The draft now: the cached one, or read again when another write moved it. */
  const current = () => queries.getQueryData<Draft>(draftKey) ?? draft;
  const refresh = async () => {
    const next = await loadDraft();
    queries.setQueryData(draftKey, next);
    await queries.invalidateQueries({ queryKey: [...designKey(siteId), 'versions'] });
    return next;
  };

  async function run(label: string, write: (etag: string) => Promise<object>, undoable = true) {
    const before = current();
    if (!before || stale || busy) return false;
    setBusy(true);
    try {
      const answer = await write(before.etag);
      if (undoable)
        setSteps((s) => [...s.slice(-(UNDO_DEPTH - 1)), { label, before: before.document }]);
      // The API's warnings (spec 4.12): allowed but doubtful changes.
      for (const w of (answer as { warnings?: string[] }).warnings ?? []) notifyDone(w);
      await refresh();
      return true;
    } catch (e) {
      if (isStale(e)) setStale({ lost: label });
      else notifyError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const patch = (operations: DesignOp[]) => (etag: string) =>
    unwrap(api.PATCH('/v1/template/draft', { body: { etag, operations } }));

  return {
    steps,
    stale,
    busy,
    /** One batch of operations (all or nothing). */
    change: (label: string, operations: DesignOp[]) => run(label, patch(operations)),
    applyTheme: (key: string, name: string, sections: ApplySection[] | null) =>
      run(`Apply ${name}`, (etag) =>
        unwrap(
          api.POST('/v1/template/themes/{themeKey}/apply', {
            params: { path: { themeKey: key } },
            body: { etag, sections },
          }),
        ),
      ),
    restore: (versionId: number) =>
      run(`Restore version ${versionId}`, (etag) =>
        unwrap(
          api.POST('/v1/template/versions/{versionId}/restore', {
            params: { path: { versionId } },
            body: { etag },
          }),
        ),
      ),
    /** Publishes the draft; a new draft starts, so the undo steps end here. */
    publish: async (message: string) => {
      const done = await run(
        'Publish',
        (etag) =>
          unwrap(api.POST('/v1/template/publish', { body: { etag, message: message || null } })),
        false,
      );
      if (done) setSteps([]);
      return done;
    },
    /**
     * Undoes the last step: the operations that lead from the draft now to the draft before it,
     * sent in batches with the etag; up to three rounds (a re-added Hero brings a starter
     * SearchBar the next round removes).
     */
    undo: async () => {
      const step = steps[steps.length - 1];
      const start = current();
      if (!step || !start || stale || busy) return;
      setBusy(true);
      try {
        let now = start;
        for (let round = 0; round < 3; round++) {
          const ops = opsToReach(now.document, step.before);
          if (!ops.length) break;
          let etag = now.etag;
          for (const batch of batches(ops)) etag = (await patch(batch)(etag)).template.draft.etag;
          now = await refresh();
        }
        setSteps((s) => s.slice(0, -1));
        notifyDone(`Undone: ${step.label}`);
      } catch (e) {
        if (isStale(e)) setStale({ lost: `Undo of “${step.label}”` });
        else notifyError(e);
        await refresh().catch(() => undefined);
      } finally {
        setBusy(false);
      }
    },
    /** After a 412: read the draft as it is now; the session's steps and the lost change go. */
    reload: async () => {
      setSteps([]);
      setStale(null);
      await refresh();
    },
  };
}

export type DraftSession = ReturnType<typeof useDraftSession>;
