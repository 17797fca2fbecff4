// `npm run bench -- export` (issue 39 item 6): the cost of the zip export's work per article,
// the sanitized HTML turned into Markdown with front matter (`articleMarkdown`, what the export
// worker runs for each translation), and a whole export of 1,000 such articles written through
// the worker's streaming zip writer (`ZipFileWriter`, fflate), with a baseline measured in the
// same run: the same zip with the HTML stored as it is (no conversion). No database: the
// worker's reads are a few paged queries beside this (see docs/benchmarks.md).
//
// Settings: BENCH_ARTICLES (default 1000), BENCH_RUNS (default 3).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const h = require('./harness.cjs');

const ARTICLES = Number(process.env.BENCH_ARTICLES || 1000);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const { articleMarkdown, articlePath, ZipFileWriter } = require(
  path.join(h.DIST, 'apps/content-api/src/export-jobs/export-zip.js'),
);

/** A help-center article of about 6 KB: headings, paragraphs, lists, a table, code, images. */
function articleHtml(i) {
  const p = (n) =>
    `<p>Step ${n} of article ${i}: open <strong>Settings</strong>, choose <a href="https://example.com/docs/${n}">the billing page</a> and check that the <em>invoice address</em> matches your company's records before you continue.</p>`;
  const parts = [];
  for (let s = 1; s <= 4; s++) {
    parts.push(`<h2>Section ${s}</h2>`, p(s * 3), p(s * 3 + 1));
    parts.push(
      `<ul>${[1, 2, 3, 4].map((n) => `<li>Item ${n} with <code>value_${n}</code></li>`).join('')}</ul>`,
    );
    parts.push(`<img src="https://img.example.com/site/${i}-${s}.png" alt="Screen ${s}">`);
  }
  parts.push(
    `<table><thead><tr><th>Plan</th><th>Seats</th><th>Price</th></tr></thead><tbody>${[
      1, 2, 3, 4, 5,
    ]
      .map((r) => `<tr><td>Plan ${r}</td><td>${r * 5}</td><td>$${r * 9}</td></tr>`)
      .join('')}</tbody></table>`,
    `<pre><code>curl -H "apikey: …" https://api.example.com/v1/articles/${i}</code></pre>`,
  );
  return parts.join('\n');
}

function view(i) {
  const now = new Date('2026-11-28T09:30:00Z');
  return {
    id: i,
    published: i % 3 !== 0,
    categoryId: 1,
    categories: [1],
    createdAt: now,
    updatedAt: now,
    translations: [
      { lang: 'en', title: `Article ${i}`, slug: `article-${i}`, content: articleHtml(i) },
    ],
  };
}

async function exportZip(views, convert) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-bench-export-'));
  const started = process.hrtime.bigint();
  const zip = new ZipFileWriter(path.join(dir, 'export.zip'));
  for (const v of views)
    for (const t of v.translations)
      await zip.addText(
        articlePath(v.id, t),
        convert ? articleMarkdown(v, t, [], new Map()) : t.content,
      );
  const size = await zip.close();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  fs.rmSync(dir, { recursive: true, force: true });
  return { seconds, size };
}

h.runMain(async () => {
  const views = Array.from({ length: ARTICLES }, (_, i) => view(i + 1));
  h.log(`${ARTICLES} articles of ${views[0].translations[0].content.length} bytes of HTML each`);
  // Warm the converter (module loading, JIT) before measuring.
  for (const v of views.slice(0, 20)) articleMarkdown(v, v.translations[0], [], new Map());

  const each = [];
  for (const v of views.slice(0, 200)) {
    const started = process.hrtime.bigint();
    articleMarkdown(v, v.translations[0], [], new Map());
    each.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  each.sort((a, b) => a - b);
  h.log(
    `conversion per article: median ${h.median(each).toFixed(2)} ms, p95 ${each[Math.floor(each.length * 0.95)].toFixed(2)} ms`,
  );

  for (let run = 1; run <= RUNS; run++) {
    const baseline = await exportZip(views, false);
    const full = await exportZip(views, true);
    h.log(
      `run ${run}: zip of ${ARTICLES} articles as Markdown ${full.seconds.toFixed(2)} s ` +
        `(${((full.seconds * 1000) / ARTICLES).toFixed(2)} ms/article, ${(full.size / 1048576).toFixed(2)} MB); ` +
        `baseline, HTML stored as is: ${baseline.seconds.toFixed(2)} s`,
    );
  }
});
