import { esc } from './html';
import type { RenderContext } from './context';

/**
 * Issue 40: the reader site's one first-party script (docs/decisions/forgiving-search.md),
 * inline with the page's CSP nonce (the design page policy is unchanged). It asks
 * `{lang}/search/instant?q=` after a pause in typing, aborts the previous request, and shows
 * the answer under the search box built with DOM calls (`textContent`, never HTML from the
 * answer), each matched word in `<mark>`. Without the script the box is the plain form it was.
 */
const SCRIPT = `(() => {
  const me = document.currentScript;
  const endpoint = me && me.dataset.endpoint;
  if (!endpoint || !window.fetch) return;
  const forms = document.querySelectorAll('form[role="search"]');
  forms.forEach((form, n) => {
    const input = form.querySelector('input[name="q"]');
    if (!input) return;
    const list = document.createElement('div');
    list.className = 'hc-instant';
    list.id = 'hc-instant-' + n;
    list.setAttribute('role', 'listbox');
    list.hidden = true;
    form.appendChild(list);
    input.setAttribute('autocomplete', 'off');
    input.setAttribute('aria-controls', list.id);
    let timer = 0;
    let pending = null;
    const show = (answer) => {
      list.textContent = '';
      for (const r of answer.results) {
        const a = document.createElement('a');
        a.href = r.url;
        a.className = 'hc-instant-result';
        a.setAttribute('role', 'option');
        const title = document.createElement('strong');
        title.textContent = r.title;
        a.appendChild(title);
        const p = document.createElement('span');
        for (const part of r.snippet) {
          if (part.hit) {
            const m = document.createElement('mark');
            m.textContent = part.text;
            p.appendChild(m);
          } else p.appendChild(document.createTextNode(part.text));
        }
        a.appendChild(p);
        list.appendChild(a);
      }
      if (answer.did_you_mean) {
        const a = document.createElement('a');
        a.className = 'hc-instant-suggestion';
        a.href = form.getAttribute('action') + '?q=' + encodeURIComponent(answer.did_you_mean);
        a.textContent = answer.did_you_mean;
        list.appendChild(a);
      }
      list.hidden = list.childNodes.length === 0;
    };
    input.addEventListener('input', () => {
      clearTimeout(timer);
      const q = input.value;
      if (!q.trim()) {
        list.hidden = true;
        return;
      }
      timer = setTimeout(() => {
        if (pending) pending.abort();
        pending = new AbortController();
        fetch(endpoint + '?q=' + encodeURIComponent(q), {
          signal: pending.signal,
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        })
          .then((r) => (r.ok ? r.json() : null))
          .then((answer) => {
            if (answer && input.value === q) show(answer);
          })
          .catch(() => {});
      }, 150);
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') list.hidden = true;
    });
  });
})();`;

/** The script before `</body>` of a page with a search box (none in a draft preview). */
export function withInstantSearch(html: string, ctx: RenderContext): string {
  if (ctx.preview || !html.includes('role="search"')) return html;
  const endpoint = `${ctx.langBase}/search/instant`;
  const tag = `<script nonce="${esc(ctx.nonce)}" data-hc-instant-search data-endpoint="${esc(endpoint)}">${SCRIPT}</script>`;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + tag : html.slice(0, at) + tag + html.slice(at);
}
