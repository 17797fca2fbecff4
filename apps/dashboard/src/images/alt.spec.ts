/** @jest-environment jsdom */
import { withAlt } from './alt';

const url = 'https://img.example/site/1/a.png';

describe('withAlt', () => {
  it('sets the alt of every img with that src and leaves every other byte as it was', () => {
    const html = `<p>Intro  <b>x</b></p><img src="${url}" alt="old"><p><img src="${url}"></p><img src="${url}x" alt="keep">`;
    expect(withAlt(html, url, 'New "alt" <text>')).toBe(
      `<p>Intro  <b>x</b></p><img src="${url}" alt="New &quot;alt&quot; <text>"><p><img src="${url}" alt="New &quot;alt&quot; <text>"></p><img src="${url}x" alt="keep">`,
    );
  });

  it('answers null when only a link or another image uses the URL', () => {
    expect(withAlt(`<a href="${url}">file</a><img src="${url}?v=2">`, url, 'x')).toBeNull();
  });

  it('keeps hostile alt text inert (an attribute value, never markup)', () => {
    const out = withAlt(`<img src="${url}">`, url, '"><script>alert(1)</script>') as string;
    const template = document.createElement('template');
    template.innerHTML = out;
    expect(template.content.querySelectorAll('script')).toHaveLength(0);
    expect(template.content.querySelector('img')?.getAttribute('alt')).toBe(
      '"><script>alert(1)</script>',
    );
  });
});
