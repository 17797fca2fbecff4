// ESLint rule `hc/sql-in-repositories` (issue 22): queries run only in repositories. A call of a
// query method (`query`, `find…`, `save`, `createQueryBuilder` …) on a TypeORM DataSource,
// EntityManager, QueryRunner, Repository or query builder is an error outside the files the
// config exempts (`*.repository.ts`, libs/data, migrations, tests). Decided by the receiver's
// type, so `array.find()` or `req.query` never trip it, and `ds.transaction()` stays allowed:
// services own their transactions, repositories the SQL run in them (docs/decisions.md).

const QUERY_METHODS = new Set([
  'query',
  'sql',
  'createQueryBuilder',
  'getRepository',
  'find',
  'findBy',
  'findOne',
  'findOneBy',
  'findOneOrFail',
  'findOneByOrFail',
  'findAndCount',
  'findAndCountBy',
  'count',
  'countBy',
  'exists',
  'existsBy',
  'save',
  'insert',
  'update',
  'upsert',
  'delete',
  'remove',
  'softDelete',
  'softRemove',
  'restore',
  'increment',
  'decrement',
  'getMany',
  'getOne',
  'getRawMany',
  'getRawOne',
  'execute',
]);
const TYPEORM_TYPE = /\b(DataSource|EntityManager|QueryRunner|Repository|\w*QueryBuilder)\b/;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL and TypeORM queries only in *.repository.ts files' },
    messages: {
      outside:
        '`{{method}}` on a TypeORM {{type}} runs a query: move it into a *.repository.ts (docs/development.md "Data").',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    return {
      'CallExpression > MemberExpression.callee'(node) {
        const method = node.property.type === 'Identifier' ? node.property.name : null;
        if (!method || !QUERY_METHODS.has(method)) return;
        const type = checker.typeToString(services.getTypeAtLocation(node.object));
        const match = TYPEORM_TYPE.exec(type);
        if (match) context.report({ node, messageId: 'outside', data: { method, type: match[1] } });
      },
    };
  },
};

export default { rules: { 'sql-in-repositories': rule } };
