// Issue 36 item 7: the monitoring component's checks. Rule and dashboard expressions are
// checked by Prometheus' own parser (`promtool check rules`), runbook links by the headings of
// docs/operations.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML of any kind
type Obj = any;

/** Runs `promtool check rules` on `groups` (a rule file's `groups`): '' when valid, else why not. */
export function promtoolCheckRules(groups: Obj[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'hc-rules-'));
  const file = join(dir, 'rules.yaml');
  try {
    writeFileSync(file, stringify({ groups }));
    execFileSync('promtool', ['check', 'rules', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    return '';
  } catch (caught) {
    const err = caught as { code?: string; stdout?: unknown; stderr?: unknown };
    if (err.code === 'ENOENT')
      throw new Error('promtool is not installed (apt-get install prometheus)');
    return `${String(err.stdout)}${String(err.stderr)}`.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A Grafana dashboard's queries as recording rules, Grafana's variables replaced by values of
 * their kind, so promtool parses every expression a panel runs.
 */
export function dashboardRuleGroups(dashboard: Obj): Obj[] {
  const rules = (dashboard.panels as Obj[]).flatMap((panel) =>
    (panel.targets ?? []).map((target: Obj) => ({
      record: `dashboard:panel_${panel.id}_${target.refId}`.toLowerCase(),
      expr: String(target.expr)
        .replace(/\$__rate_interval|\$__interval|\$__range/g, '5m')
        .replace(/\$\{?(\w+)\}?/g, '.*'),
    })),
  );
  return [{ name: 'dashboard', rules }];
}

/** GitHub's heading anchors (lower case, punctuation dropped, spaces to hyphens) of a Markdown text. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6} +(.+?) *$/gm)) {
    anchors.add(
      m[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return anchors;
}

let source: string | null = null;

/**
 * Whether the apps' and libraries' own code (tests aside) names `metric` as a string literal:
 * the metrics an alert or a panel may use are those the code exports.
 */
export function codeNamesMetric(root: string, metric: string): boolean {
  if (source === null) {
    const parts: string[] = [];
    for (const top of ['apps', 'libs']) {
      for (const entry of readdirSync(join(root, top), { recursive: true, withFileTypes: true })) {
        const name = entry.name;
        if (!entry.isFile() || !name.endsWith('.ts') || /[.-]spec\.ts$/.test(name)) continue;
        if (entry.parentPath.includes('node_modules')) continue;
        parts.push(readFileSync(join(entry.parentPath, name), 'utf8'));
      }
    }
    source = parts.join('\n');
  }
  return source.includes(`'${metric}'`);
}
