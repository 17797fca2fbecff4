import { sanitizeHtml as sanitizeWith } from './sanitize';

const HOSTS = ['www.youtube.com', 'player.vimeo.com'];
const sanitizeHtml = (html: string, hosts: string[] = HOSTS) => sanitizeWith(html, hosts);

/** The vectors of issue #14, as an article written through the API would carry them. */
const VECTORS: Record<string, string> = {
  eventAttribute: '<img src=x onerror="alert(1)"><p onclick="alert(2)" onmouseover=alert(3)>hi</p>',
  javascriptLink: '<a href="javascript:alert(1)">a</a>',
  javascriptUpper: '<a href="JaVaScRiPt:alert(1)">b</a>',
  javascriptEntities:
    '<a href="java&#x09;script&colon;alert(1)">c</a><a href="&#106;avascript:alert(1)">d</a>',
  javascriptPadded:
    '<a href="  javascript:alert(1)">e</a><a href="\u0001javascript:alert(1)">f</a>',
  vbscript: '<a href="vbscript:msgbox(1)">g</a>',
  dataLink: '<a href="data:text/html,<script>alert(1)</script>">h</a>',
  svg: '<svg onload="alert(1)"><script>alert(2)</script><a xlink:href="javascript:alert(3)"><text>x</text></a></svg>',
  svgAnimate: '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
  mathml:
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">m</maction></math>',
  base: '<base href="https://attacker.invalid/">',
  metaRefresh: '<meta http-equiv="refresh" content="0;url=https://attacker.invalid/">',
  object:
    '<object data="https://attacker.invalid/x.swf"></object><embed src="https://attacker.invalid/x">',
  foreignIframe: '<iframe src="https://attacker.invalid/"></iframe>',
  srcdoc:
    '<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/x"></iframe>',
  cssExpression:
    '<p style="width: expression(alert(1))">x</p><div style="background:url(javascript:alert(1))">y</div>',
  styleElement: '<style>@import "https://attacker.invalid/x.css";</style>',
  form: '<form action="https://attacker.invalid/"><button formaction="https://attacker.invalid/">go</button></form>',
  script:
    '<script>alert(1)</script><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  dataIframe: '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
};

describe('sanitizeHtml (issue #14)', () => {
  it.each(Object.entries(VECTORS))('%s leaves nothing executable', (_name, html) => {
    const out = sanitizeHtml(html);
    expect(out).not.toMatch(/<(script|svg|math|base|meta|object|embed|form|style|noscript)\b/i);
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/javascript:|vbscript:|data:text|expression\(|url\(/i);
    expect(out).not.toContain('attacker.invalid');
    expect(out).not.toMatch(/srcdoc|formaction/i);
  });

  it('keeps what help articles use', () => {
    const html =
      '<h2 id="setup">Set up</h2><ol><li>One</li></ol><table><thead><tr><th>a</th></tr></thead>' +
      '<tbody><tr><td>b</td></tr></tbody></table><pre><code class="language-js">x</code></pre>' +
      '<details><summary>More</summary><p class="note" style="text-align:center">c</p></details>' +
      '<a href="https://example.com/docs">docs</a> <a href="/hc/x/articles/2">rel</a>' +
      '<img src="https://cdn.example.com/a.png" alt="A"><img src="data:image/png;base64,iVBORw0KGgo=" alt="B">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps video iframes from the embed hosts only, sandboxed', () => {
    const out = sanitizeHtml(
      '<iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>' +
        '<iframe src="http://www.youtube.com/embed/abc"></iframe>' +
        '<iframe src="https://player.vimeo.com.attacker.invalid/x"></iframe>',
    );
    expect(out).toBe(
      '<iframe src="https://www.youtube.com/embed/abc" allowfullscreen sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>',
    );
    expect(
      sanitizeHtml('<iframe src="https://video.example/x"></iframe>', ['video.example']),
    ).toContain('https://video.example/x');
  });
});
