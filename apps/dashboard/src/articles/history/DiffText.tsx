import { Text } from '@mantine/core';
import type { DiffRun } from './diff';

/** Runs of a word-level diff as text: insertions marked <ins>, deletions <del> (never markup). */
export function DiffText({ runs, label }: { runs: DiffRun[]; label: string }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label={label}>
      {runs.map((run, i) =>
        run.op === 'equal' ? (
          <span key={i}>{run.text}</span>
        ) : run.op === 'insert' ? (
          <ins key={i} className="hc-diff-insert">
            {run.text}
          </ins>
        ) : (
          <del key={i} className="hc-diff-delete">
            {run.text}
          </del>
        ),
      )}
    </Text>
  );
}
