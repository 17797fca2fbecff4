import { defaultText, INTERFACE_TEXT_KEYS, pluralKey } from '@hc/content';
import type { InterfaceTextKey, PluralTextBase } from '@hc/content';

/** The reader interface's texts in one language: the shipped catalog plus the site's overrides. */
export class Texts {
  constructor(
    readonly lang: string,
    private readonly overrides: Record<string, string>,
  ) {}

  t(key: InterfaceTextKey, values: Record<string, string | number> = {}): string {
    const text = this.overrides[key] ?? defaultText(this.lang, key);
    return text.replace(/\{(\w+)\}/g, (m, name: string) =>
      values[name] === undefined ? m : String(values[name]),
    );
  }

  /** A text holding a count, in the plural form `Intl.PluralRules` picks for this language. */
  plural(
    base: PluralTextBase,
    count: number,
    values: Record<string, string | number> = {},
  ): string {
    return this.t(pluralKey(this.lang, base, count), { count, ...values });
  }

  static keys(): readonly string[] {
    return INTERFACE_TEXT_KEYS;
  }
}
