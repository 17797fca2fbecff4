import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** `npm run test:screenshots:update` (HC_TEST_UPDATE_SCREENSHOTS=1) rewrites the references. */
export const UPDATE = process.env.HC_TEST_UPDATE_SCREENSHOTS === '1';
/** Tolerance: pixelmatch's per-pixel colour threshold 0.1, and at most 0.2 % of pixels differing. */
const PIXEL_THRESHOLD = 0.1;
export const MAX_DIFF_RATIO = 0.002;

/** Compares with the reference (or writes it when updating); returns the differing pixel ratio. */
export function compareScreenshot(references: string, name: string, actual: Buffer): number {
  const file = path.join(references, `${name}.png`);
  if (UPDATE) {
    mkdirSync(references, { recursive: true });
    writeFileSync(file, PNG.sync.write(PNG.sync.read(actual), { deflateLevel: 9 }));
    return 0;
  }
  let expected: PNG;
  try {
    expected = PNG.sync.read(readFileSync(file));
  } catch {
    throw new Error(`${file} is missing: run npm run test:screenshots:update`);
  }
  const got = PNG.sync.read(actual);
  if (got.width !== expected.width || got.height !== expected.height) return 1;
  const diff = new PNG({ width: got.width, height: got.height });
  const changed = pixelmatch(got.data, expected.data, diff.data, got.width, got.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = changed / (got.width * got.height);
  if (ratio > MAX_DIFF_RATIO) {
    const dir = path.join(os.tmpdir(), 'hc-screenshots');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.actual.png`), actual);
    writeFileSync(path.join(dir, `${name}.diff.png`), PNG.sync.write(diff));
    process.stderr.write(`screenshot ${name}: ${changed} pixels differ; see ${dir}\n`);
  }
  return ratio;
}
