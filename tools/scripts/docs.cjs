#!/usr/bin/env node
// The generated parts of the docs (issue 22), between `<!-- generated: NAME -->` and
// `<!-- end generated: NAME -->` markers:
//   docs/architecture.md  routes   every HTTP route → the file and handler that answers it, read
//                                  from the Nest controllers' decorator metadata (each app's module
//                                  in Nest's preview mode: no providers run, no database), the
//                                  oidc-provider routes (PROVIDER_ROUTES) and the MCP tool table.
//   docs/operations.md    settings, commands, services: SETTING_DEFINITIONS, hc-commands.cjs, projects.cjs.
//   docs/security.md      grants: each app's database rights per table (TABLE_GRANTS of libs/data).
// `npm run docs` rewrites them; `--check` only compares and exits 1 when a part is stale
// (tools/scripts/docs.spec.ts runs it in the unit tier).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { buildIfStale, ROOT, OUT } = require('./build.cjs');

/** The apps with HTTP routes of their own, and the global prefix their factory sets. */
const ROUTE_APPS = [
  { name: 'content-api', prefix: 'v1' },
  { name: 'design-service', prefix: 'v1' },
  { name: 'auth-server', prefix: '' },
  { name: 'mcp-gateway', prefix: '' },
  { name: 'reader-site', prefix: '' },
  { name: 'edge', prefix: '' },
];
/** Paths the global prefix leaves alone (the apps' factories say the same). */
const UNPREFIXED = new Set(['/health/live', '/health/ready', '/metrics']);
/** Routes mounted outside any controller. */
const MOUNTED = [
  ['content-api', 'GET', '/v1/openapi.json', 'libs/http/src/openapi.ts', '`serveOpenApi`'],
  ['content-api', 'GET', '/v1/openapi.yaml', 'libs/http/src/openapi.ts', '`serveOpenApi`'],
  ['content-api', 'GET', '/docs', 'libs/http/src/openapi.ts', '`serveOpenApi` (reference page)'],
];
/** HTTP methods of the oidc-provider routes (its own behaviour, not configurable). */
const PROVIDER_METHODS = { authorization: 'GET, POST', token: 'POST', jwks: 'GET' };
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD', 'SEARCH'];

const distToSource = (file) =>
  path.relative(OUT, file).replace(/\.js$/, '.ts').split(path.sep).join('/');

/**
 * The source file that exports `value` (a class, or an object in an exported array), found among
 * the loaded modules: its own file rather than an index re-exporting it or a list gathering it.
 */
function sourceOf(value) {
  const found = [];
  for (const [file, mod] of Object.entries(require.cache)) {
    if (!file.startsWith(OUT) || !mod || !mod.exports) continue;
    for (const exported of Object.values(mod.exports)) {
      if (exported === value) found.push([file, 0]);
      else if (Array.isArray(exported) && exported.includes(value))
        found.push([file, exported.length]);
    }
  }
  const rank = ([file, size]) => (file.endsWith(`${path.sep}index.js`) ? 1e9 : 0) + size;
  found.sort((a, b) => rank(a) - rank(b));
  return found.length ? distToSource(found[0][0]) : '?';
}

/** The methods of a controller class and of the classes it extends. */
function methodsOf(type) {
  const names = new Set();
  for (let p = type.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p))
    for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor') names.add(name);
  return [...names];
}

function joinPath(...parts) {
  const joined = parts
    .flatMap((p) => (p ? String(p).split('/') : []))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

/** Every route of one app's controllers: [method, path, file, Class.method]. */
async function controllerRoutes({ name, prefix }) {
  const { NestFactory, ModulesContainer } = require('@nestjs/core');
  const { PATH_METADATA, METHOD_METADATA } = require('@nestjs/common/constants');
  const { AppModule } = require(path.join(OUT, `apps/${name}/src/app.module.js`));
  const app = await NestFactory.create(AppModule, { preview: true, logger: false });
  const rows = [];
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const type = wrapper.metatype;
      if (!type || !type.prototype) continue;
      const base = [].concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      const file = sourceOf(type);
      for (const method of methodsOf(type)) {
        const handler = type.prototype[method];
        if (typeof handler !== 'function') continue;
        const verb = Reflect.getMetadata(METHOD_METADATA, handler);
        if (verb === undefined) continue;
        const own = [].concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        for (const b of base) {
          for (const o of own) {
            const bare = joinPath(b, o);
            const full = UNPREFIXED.has(bare) ? bare : joinPath(prefix, bare);
            rows.push([name, METHODS[verb], full, file, `\`${type.name}.${method}\``]);
          }
        }
      }
    }
  }
  await app.close();
  return rows;
}

function providerRoutes() {
  const { PROVIDER_ROUTES } = require(path.join(OUT, 'apps/auth-server/src/oauth/oidc.service.js'));
  const file = 'apps/auth-server/src/oauth/oidc.service.ts';
  const rows = Object.entries(PROVIDER_ROUTES).map(([route, p]) => [
    'auth-server',
    PROVIDER_METHODS[route],
    p,
    file,
    `oidc-provider \`${route}\``,
  ]);
  rows.push([
    'auth-server',
    'GET',
    `${PROVIDER_ROUTES.authorization}/:uid`,
    file,
    'oidc-provider (resumes an interaction)',
  ]);
  return rows;
}

/** The MCP tools: tool name → the REST call it makes and the file that defines it. */
function mcpTools(apiRoutes) {
  const { TOOLS } = require(path.join(OUT, 'apps/mcp-gateway/src/tools/registry.js'));
  // Placeholder arguments: each tool's request names its path parameters itself.
  const args = new Proxy({}, { get: (_t, key) => (typeof key === 'string' ? key : undefined) });
  const served = (method, p) => {
    const pattern = p.replace(/\{[^}]+\}/g, ':x');
    return apiRoutes.find(([, m, r]) => m === method && r.replace(/:[A-Za-z]+/g, ':x') === pattern);
  };
  return TOOLS.map((def) => {
    const req = def.request(args);
    const method = req.method.toUpperCase();
    const route = served(method, req.path);
    return [
      `\`kb_${def.suffix}\``,
      def.kind,
      `${method} ${req.path}`,
      sourceOf(def),
      route ? `${route[3]} (${route[4]})` : '?',
    ];
  });
}

/** The MCP resources and prompts: what an agent reads or asks for, and the file that serves it. */
function mcpResourcesAndPrompts() {
  const dist = (file) => require(path.join(OUT, `apps/mcp-gateway/src/${file}`));
  const { RESOURCE_TEMPLATES } = dist('resources/resources.js');
  const { CATEGORIES_URI } = dist('resources/documents.js');
  const { registerPrompts } = dist('prompts/prompts.js');
  const resources = 'apps/mcp-gateway/src/resources/resources.ts';
  const rows = [
    ...RESOURCE_TEMPLATES.map((r) => ['resource', `\`${r.uriTemplate}\``, r.title, resources]),
    ['resource', `\`${CATEGORIES_URI}\``, 'Category tree', resources],
  ];
  // The prompts are registered one call each: a stand-in server records them.
  registerPrompts(
    {
      registerPrompt: (name, config) =>
        rows.push([
          'prompt',
          `\`${name}\``,
          config.title,
          'apps/mcp-gateway/src/prompts/prompts.ts',
        ]),
    },
    {},
  );
  return rows;
}

function table(header, rows) {
  const esc = (cell) => String(cell).replace(/\|/g, '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

async function routesPart() {
  require('reflect-metadata');
  const rows = [];
  for (const app of ROUTE_APPS) rows.push(...(await controllerRoutes(app)));
  rows.push(...providerRoutes(), ...MOUNTED);
  const probes = rows.filter(([, , p]) => UNPREFIXED.has(p));
  const routes = rows
    .filter(([, , p]) => !UNPREFIXED.has(p))
    .sort(
      (a, b) => a[2].localeCompare(b[2]) || a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]),
    );
  const probeApps = [...new Set(probes.map(([app]) => app))].sort();
  const probeFiles = [...new Set(probes.map(([, , , file]) => file))].sort();
  const api = routes.filter(([app]) => app === 'content-api' || app === 'design-service');
  return [
    table(
      ['route', 'app', 'file', 'handler'],
      routes.map(([app, method, p, file, handler]) => [`${method} ${p}`, app, file, handler]),
    ),
    '',
    `Every app also answers \`GET /health/live\`, \`GET /health/ready\` and \`GET /metrics\` on ` +
      `its own port (${probeFiles.map((f) => `\`${f}\``).join(', ')}); seen in ${probeApps.join(', ')}.`,
    '',
    "MCP tools (mcp-gateway, `POST /mcp`): each makes one REST call with the caller's token.",
    '',
    table(['tool', 'kind', 'REST call', 'defined in', 'answered by'], mcpTools(api)),
    '',
    'MCP resources and prompts (mcp-gateway, `POST /mcp`): each reads through the REST calls of the tools it mirrors.',
    '',
    table(['kind', 'name', 'what', 'file'], mcpResourcesAndPrompts()),
  ].join('\n');
}

function settingsPart() {
  const { SETTING_DEFINITIONS } = require(
    path.join(OUT, 'libs/contracts/src/setting-definitions.js'),
  );
  return table(
    ['setting', 'default', 'meaning'],
    Object.entries(SETTING_DEFINITIONS).map(([name, def]) => [
      `\`${name}\``,
      def.example === '' ? '(unset)' : `\`${def.example}\``,
      def.meaning,
    ]),
  );
}

function commandsPart() {
  const { COMMANDS } = require('./hc-commands.cjs');
  return table(
    ['command', 'runs in', 'what', 'flags'],
    Object.entries(COMMANDS).map(([name, c]) => [
      `\`hc ${name}\``,
      c.owner ?? 'content-api',
      c.summary,
      c.flags.map(([flag, meaning]) => `\`${flag}\`${meaning ? ` ${meaning}` : ''}`).join('; ') ||
        '—',
    ]),
  );
}

function servicesPart() {
  const { APPS, EDGE } = require('./projects.cjs');
  return table(
    ['service', 'port setting', 'default port', 'runs'],
    [
      [`\`${EDGE.name}\``, `\`${EDGE.portVar}\``, EDGE.port, 'always (the one public entry)'],
      ...APPS.map((a) => [
        `\`${a.name}\``,
        `\`${a.portVar}\``,
        a.port,
        a.transport ? `only with \`HC_EVENT_TRANSPORT=${a.transport}\`` : 'always',
      ]),
      ['reader origin of the edge', '`HC_READER_PORT`', `\`HC_PORT\` + 1`, 'always'],
    ],
  );
}

/** The letters of the grants table: S(ELECT) I(NSERT) U(PDATE) D(ELETE), columns in brackets. */
function grantsPart() {
  const { TABLE_GRANTS, GRANTED_APPS, DATABASE_USERS, parseRight } = require(
    path.join(OUT, 'libs/data/src/grants.js'),
  );
  const cell = (rights = []) =>
    rights
      .map(parseRight)
      .map((p) => p.type[0] + (p.columns ? ` (${p.columns.join(', ')})` : ''))
      .join(' ') || '—';
  return table(
    ['table', ...GRANTED_APPS.map((app) => `${app} \`${DATABASE_USERS[app]}\``)],
    Object.entries(TABLE_GRANTS)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, rights]) => [`\`${name}\``, ...GRANTED_APPS.map((app) => cell(rights[app]))]),
  );
}

const PARTS = {
  'docs/architecture.md': { routes: routesPart },
  'docs/operations.md': { settings: settingsPart, commands: commandsPart, services: servicesPart },
  'docs/security.md': { grants: grantsPart },
};

/** `text` with each generated part replaced; throws when a marker pair is missing. */
async function render(file, text) {
  let out = text;
  for (const [name, make] of Object.entries(PARTS[file])) {
    const begin = `<!-- generated: ${name} (npm run docs) -->`;
    const end = `<!-- end generated: ${name} -->`;
    const from = out.indexOf(begin);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${file}: markers of "${name}" missing`);
    out = `${out.slice(0, from + begin.length)}\n\n${await make()}\n\n${out.slice(to)}`;
  }
  return out;
}

async function prettier(file, text) {
  const p = require('prettier');
  const options = (await p.resolveConfig(path.join(ROOT, file))) ?? {};
  return p.format(text, { ...options, filepath: path.join(ROOT, file) });
}

async function main() {
  await buildIfStale({ quiet: true });
  const check = process.argv.includes('--check');
  const stale = [];
  for (const file of Object.keys(PARTS)) {
    const current = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const next = await prettier(file, await render(file, current));
    if (next === current) continue;
    stale.push(file);
    if (!check) fs.writeFileSync(path.join(ROOT, file), next);
  }
  if (check && stale.length) {
    console.error(`${stale.join(', ')} stale: run \`npm run docs\` and commit the result.`);
    process.exit(1);
  }
  console.log(check ? 'generated docs are current.' : `wrote ${stale.join(', ') || 'nothing'}`);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
