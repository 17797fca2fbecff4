// Issue 35: no two source files import each other, directly or around a loop. A new circle
// fails here with the imports that tie it; `node tools/scripts/import-graph.cjs` prints them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findCircles } = require('./import-graph.cjs') as {
  findCircles: (root?: string) => { files: string[]; imports: string[] }[];
};

it('finds no import circle among the source files of apps and libs', () => {
  expect(findCircles()).toEqual([]);
});

it('finds a circle through type imports, re-exports, lib aliases and import()', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-import-graph-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write(
    'tsconfig.base.json',
    JSON.stringify({ compilerOptions: { paths: { '@hc/x': ['libs/x/src/index.ts'] } } }),
  );
  write('libs/x/src/index.ts', "export * from './a';\n");
  write('libs/x/src/a.ts', "import type { B } from './b';\nexport type A = B;\n");
  write('libs/x/src/b.ts', "export const b = () => import('./c');\nexport type B = 1;\n");
  write('libs/x/src/c.ts', "import { A } from '@hc/x';\nexport const c: A = 1;\n");
  write('libs/x/src/d.ts', "import { b } from './b';\nexport const d = b;\n");
  write('libs/x/src/e.spec.ts', "import { d } from './d';\nimport './e';\n");
  try {
    expect(findCircles(root)).toEqual([
      {
        files: ['libs/x/src/a.ts', 'libs/x/src/b.ts', 'libs/x/src/c.ts', 'libs/x/src/index.ts'],
        imports: expect.arrayContaining([
          'libs/x/src/a.ts -> libs/x/src/b.ts',
          'libs/x/src/b.ts -> libs/x/src/c.ts',
          'libs/x/src/c.ts -> libs/x/src/index.ts',
          'libs/x/src/index.ts -> libs/x/src/a.ts',
        ]),
      },
    ]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
