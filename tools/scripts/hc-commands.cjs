// The operator commands (docs/operations.md) as `hc --help` shows them, and which app's CLI
// runs each. A test keeps this table and the apps' command lists in step.
'use strict';

/** name → { owner, summary, flags: [[flag, meaning]…] }; owner defaults to content-api. */
const COMMANDS = {
  migrate: {
    summary: 'create the database if missing and run pending migrations (under a lock)',
    flags: [],
  },
  'migrate revert': { summary: 'undo the newest applied migration (its down())', flags: [] },
  'data reencrypt': {
    summary:
      'seal every webhook secret, TOTP secret and the upload-URL key under the first of HC_DATA_KEYS (after a rotation; rows in plain text too)',
    flags: [],
  },
  'db grants': {
    summary:
      "bring each app's database user to exactly its per-table rights (docs/security.md); creates no users; run as a user with the GRANT OPTION",
    flags: [
      ['--host', "the users' host part (default %)"],
      ['--dry-run', 'print the statements, change nothing'],
    ],
  },
  'user create': {
    summary: 'a user with their own account',
    flags: [
      ['--email', 'sign-in email (required)'],
      ['--name', 'display name'],
      ['--password', 'sign-in password (required)'],
    ],
  },
  'site create': {
    summary: "a site owned by the user's account, the user its Owner",
    flags: [
      ['--owner <user id>', 'required'],
      ['--name', 'required'],
      ['--subdomain', 'required'],
      ['--default-language', 'default en'],
      ['--languages en,de,…', 'default: the default language'],
      ['--plan starter|growth|catalyst', 'default growth'],
      ['--staging-preview', 'early-preview access to staged changes'],
      ['--legacy-editor', 'not yet on the template editor'],
    ],
  },
  'site update': {
    summary: 'change a site (visibility, allow-list and suspension send site.updated)',
    flags: [
      ['--site <id>', 'required'],
      ['--name', ''],
      ['--visibility public|private|password', ''],
      ['--site-password', 'for visibility password'],
      ['--suspended', ''],
      ['--ip-allowlist "cidr,…"', 'empty clears'],
      ['--plan', ''],
      ['--staging-preview', ''],
      ['--languages', ''],
      ['--legacy-editor', ''],
      ['--allow-unsafe-html', 'reader pages render stored HTML unsanitized'],
    ],
  },
  'site delete': { summary: 'delete a site (sends site.deleted)', flags: [['--site', 'required']] },
  'member add': {
    summary: 'add a team member',
    flags: [
      ['--site', 'required'],
      ['--user', 'required'],
      ['--role owner|admin|editor|translator|viewer', 'required'],
      ['--notes-access', ''],
    ],
  },
  'member update': {
    summary: "change a member's role or notes access",
    flags: [
      ['--site', 'required'],
      ['--user', 'required'],
      ['--role', ''],
      ['--notes-access', ''],
    ],
  },
  'member remove': {
    summary: 'remove a team member',
    flags: [
      ['--site', 'required'],
      ['--user', 'required'],
    ],
  },
  'key create': {
    summary: 'an API key (the token is shown only here)',
    flags: [
      ['--site', 'required'],
      ['--user', 'the creator, Owner or Admin (required)'],
      ['--scope read|read_write', ''],
      ['--design', 'design API access'],
      ['--notes', 'team notes access'],
    ],
  },
  'key revoke': { summary: 'revoke an API key', flags: [['--key', 'required']] },
  'article restore': {
    summary: 'from Trash to its previous status (sends article.updated)',
    flags: [
      ['--site', 'required'],
      ['--article', 'required'],
    ],
  },
  'article purge': {
    summary: 'delete a Trashed article for good (sends article.deleted)',
    flags: [
      ['--site', 'required'],
      ['--article', 'required'],
    ],
  },
  'translation release': {
    summary: 'release a translation',
    flags: [
      ['--site', 'required'],
      ['--article', 'required'],
      ['--lang', 'required'],
    ],
  },
  'note add': {
    summary: 'a team note anchored on text in the article',
    flags: [
      ['--site', 'required'],
      ['--article', 'required'],
      ['--user', 'required'],
      ['--lang', ''],
      ['--quote', 'the anchored text (required)'],
      ['--text', 'required'],
    ],
  },
  'comment add': {
    summary: "a reader's comment, as the reader site would post it",
    flags: [
      ['--site', 'required'],
      ['--article', 'required'],
      ['--name', 'required'],
      ['--email', 'required'],
      ['--text', 'required'],
      ['--lang', ''],
      ['--parent', 'the comment replied to'],
    ],
  },
  'comment delete': {
    summary: 'delete a comment',
    flags: [
      ['--site', 'required'],
      ['--comment', 'required'],
    ],
  },
  'comment settings': {
    summary: "a site's comment settings",
    flags: [
      ['--site', 'required'],
      ['--moderate', 'hold comments for approval'],
    ],
  },
  'interface-text set': {
    summary: "override one of a site's interface texts",
    flags: [
      ['--site', 'required'],
      ['--lang', 'required'],
      ['--key', 'required'],
      ['--text', 'omitted: back to the default'],
    ],
  },
  'oauth client create': {
    owner: 'auth-server',
    summary: 'an OAuth client registered by support',
    flags: [
      ['--name', ''],
      ['--redirect-uri', 'repeatable'],
      ['--confidential', 'gets a client secret'],
    ],
  },
  'oauth client rotate-secret': {
    owner: 'auth-server',
    summary: 'a new secret for a confidential client',
    flags: [['--client', 'required']],
  },
  'analytics rollup': {
    summary: 'run the daily analytics computation now',
    flags: [
      ['--site', 'optional: one site'],
      ['--date YYYY-MM-DD', 'default yesterday and today'],
    ],
  },
  'seed demo': {
    summary: 'a demo site, its owner and a read & write key (refused in production)',
    flags: [],
  },
};

function usage() {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    'usage: hc <command> [--flag value …]      (npm run -s hc -- <command> …)',
    '',
    'Prints one JSON object on stdout and exits 0; on failure one JSON object',
    '{"error":{"message":…}} on stderr and a non-zero exit. Progress goes to stderr.',
    '',
    'commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'hc <command> --help shows its flags. Settings come from the environment (.env.example).',
  ].join('\n');
}

function commandUsage(name) {
  const c = COMMANDS[name];
  const width = Math.max(0, ...c.flags.map(([f]) => f.length));
  return [
    `usage: hc ${name}${c.flags.length ? ' [flags]' : ''}`,
    '',
    c.summary,
    ...(c.flags.length
      ? ['', 'flags:', ...c.flags.map(([f, m]) => `  ${f.padEnd(width)}  ${m}`.trimEnd())]
      : []),
  ].join('\n');
}

module.exports = { COMMANDS, usage, commandUsage };
