import { DEFAULT_EMBED_HOSTS, isAllowedHref, isAllowedImageSrc, videoEmbedUrl } from './urls';

describe('the addresses the editor accepts are the sanitizer’s (issue 37 item 4)', () => {
  it('knows the server’s default video hosts', () => {
    // the settings table is server code (Node types): read it without typing it into the app
    const { SETTING_DEFINITIONS } = jest.requireActual<{
      SETTING_DEFINITIONS: { HC_EMBED_HOSTS: { parse(raw: undefined, name: string): string[] } };
    }>('@hc/contracts');
    expect(SETTING_DEFINITIONS.HC_EMBED_HOSTS.parse(undefined, 'HC_EMBED_HOSTS')).toEqual(
      DEFAULT_EMBED_HOSTS,
    );
  });

  it('links: http, https, mailto, tel, relative; never a script or data URL', () => {
    for (const ok of [
      'https://a.example/x',
      'http://a',
      'mailto:a@b',
      'tel:+1',
      '/hc/x',
      '#top',
      'page?x=a:b',
    ])
      expect(isAllowedHref(ok)).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:x',
      'java\tscript:x',
      'vbscript:x',
      'data:text/html,x',
      'ftp://x',
      'file:///etc',
    ])
      expect(isAllowedHref(bad)).toBe(false);
  });

  it('images: http, https, relative and data:image only', () => {
    expect(isAllowedImageSrc('data:image/png;base64,AAAA')).toBe(true);
    expect(isAllowedImageSrc('data:text/html,x')).toBe(false);
    expect(isAllowedImageSrc('javascript:x')).toBe(false);
  });

  it('video pages become players on allowed hosts only', () => {
    const hosts = ['www.youtube.com', 'player.vimeo.com'];
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ', hosts)).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(videoEmbedUrl('https://www.loom.com/share/abc', hosts)).toBeNull();
    expect(videoEmbedUrl('http://www.youtube.com/embed/x', hosts)).toBeNull();
    expect(videoEmbedUrl('https://player.vimeo.com.attacker.invalid/video/1', hosts)).toBeNull();
  });
});
