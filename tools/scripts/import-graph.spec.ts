// Issue 35: no two source files import each other, directly or around a loop. A new circle
// fails here with the imports that tie it; `node tools/scripts/import-graph.cjs` prints them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findCircles, findFolderPairs } = require('./import-graph.cjs') as {
  findCircles: (root?: string) => { files: string[]; imports: string[] }[];
  findFolderPairs: (
    apps: string[],
    root?: string,
  ) => { app: string; folders: string[]; imports: string[] }[];
};

/** The apps laid out as rooms: no two of their folders import each other. */
const ROOMS = ['auth-server', 'reader-site', 'content-api'];

it('finds no import circle among the source files of apps and libs', () => {
  expect(findCircles()).toEqual([]);
});

it('finds no two folders of an app laid out as rooms that import each other', () => {
  expect(findFolderPairs(ROOMS)).toEqual([]);
});

it('finds two folders that import each other without a file circle, and the top-level files as one', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-import-graph-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('tsconfig.base.json', JSON.stringify({ compilerOptions: { paths: {} } }));
  write('apps/x/src/a/one.ts', "import { three } from '../b/three';\nexport const one = three;\n");
  write('apps/x/src/a/two.ts', 'export const two = 2;\n');
  write('apps/x/src/b/three.ts', 'export const three = 3;\n');
  write('apps/x/src/b/four.ts', "import { two } from '../a/two';\nexport const four = two;\n");
  write('apps/x/src/shell.ts', "import { one } from './a/one';\nexport const shell = one;\n");
  write('apps/x/src/c/five.ts', "import { shell } from '../shell';\nexport const five = shell;\n");
  write('apps/x/src/six.ts', "import { five } from './c/five';\nexport const six = five;\n");
  try {
    expect(findCircles(root)).toEqual([]);
    expect(findFolderPairs(['x'], root)).toEqual([
      {
        app: 'x',
        folders: ['.', 'c'],
        imports: [
          'apps/x/src/six.ts -> apps/x/src/c/five.ts',
          'apps/x/src/c/five.ts -> apps/x/src/shell.ts',
        ],
      },
      {
        app: 'x',
        folders: ['a', 'b'],
        imports: [
          'apps/x/src/a/one.ts -> apps/x/src/b/three.ts',
          'apps/x/src/b/four.ts -> apps/x/src/a/two.ts',
        ],
      },
    ]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
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
