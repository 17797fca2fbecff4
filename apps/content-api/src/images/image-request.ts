// Reading POST /images, POST /images/uploads/{intent} and POST /images/bulk bodies: multipart
// form data (files) or JSON (addresses only). Spec 4.1 rule 7 and 4.7.
import type { Request } from 'express';
import { messages, validationError } from '@hc/contracts';
import { checkDto, dtoError } from '@hc/http';
import { parseTarget } from '@hc/net';
import { BulkImagesDto } from './dto/bulk-images.dto';
import {
  imageMessages,
  MAX_ALT_TEXT,
  MAX_BULK_ITEMS,
  MAX_SOURCE_URL,
  UPLOAD_REFUSED,
  uploadRefused,
} from './image-rules';
import { uploadedImageFile } from './image-file.interceptor';
import { isMultipart, readMultipart, type UploadedFile } from './multipart';

export interface SingleImageInput {
  file: UploadedFile | null;
  sourceUrl: string | null;
  altText: string;
  dedupe: boolean;
}

type Fields = Record<string, unknown>;

/** A text field multer parsed (the first value when it was sent more than once), trimmed. */
function firstField(body: Fields, name: string): string | null {
  let found = Object.prototype.hasOwnProperty.call(body, name) ? body[name] : undefined;
  while (Array.isArray(found)) found = found[0];
  if (typeof found !== 'string') return null;
  const value = found.trim();
  return value === '' ? null : value;
}

/** Multipart: `1`/`0`; JSON: `true`/`false` (and 1/0). Default on. */
function readDedupe(value: unknown, multipart: boolean): boolean {
  if (value === undefined || value === null) return true;
  if (multipart) {
    if (value === '1') return true;
    if (value === '0') return false;
  } else {
    if (value === true || value === 1 || value === '1') return true;
    if (value === false || value === 0 || value === '0') return false;
  }
  throw uploadRefused('dedupe', messages.boolean('dedupe'));
}

function readText(value: unknown, field: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw uploadRefused(field, messages.string(field));
  if (value.length > max) throw uploadRefused(field, messages.maxString(field, max));
  return value;
}

/** Spec 4.7: https only, up to 2,048 characters. The message, or null when acceptable. */
export function sourceUrlProblem(url: string): string | null {
  if (url.length > MAX_SOURCE_URL) return messages.maxString('source_url', MAX_SOURCE_URL);
  if (!isHttpsUrl(url)) return imageMessages.notHttps;
  return null;
}

export function checkSourceUrl(url: string, field = 'source_url'): void {
  const problem = sourceUrlProblem(url);
  if (problem) throw uploadRefused(field, problem);
}

/** The address as libs/net reads it: its real host decides, user info is never sent. */
function isHttpsUrl(url: string): boolean {
  return parseTarget(url)?.https === true;
}

/**
 * POST /images (`allowSourceUrl`) and POST /images/uploads/{intent} (file required, source_url
 * not read), after ImageFileInterceptor has read a multipart body with multer. Checks
 * everything except the file's bytes.
 */
export async function readSingleImageRequest(
  req: Request,
  allowSourceUrl: boolean,
): Promise<SingleImageInput> {
  let raw: { file: UploadedFile | null; sourceUrl: unknown; altText: unknown; dedupe: unknown };
  const multipart = isMultipart(req);
  if (multipart) {
    const body = (req.body ?? {}) as Fields;
    raw = {
      file: uploadedImageFile(req),
      sourceUrl: firstField(body, 'source_url') ?? undefined,
      altText: firstField(body, 'alt_text') ?? undefined,
      dedupe: firstField(body, 'dedupe') ?? undefined,
    };
  } else {
    const body = (req.body ?? {}) as Fields;
    raw = { file: null, sourceUrl: body.source_url, altText: body.alt_text, dedupe: body.dedupe };
  }
  const dedupe = readDedupe(raw.dedupe, multipart);
  const altText = readText(raw.altText, 'alt_text', MAX_ALT_TEXT) ?? '';
  if (!allowSourceUrl) {
    if (!raw.file) throw uploadRefused('file', messages.required('file'));
    return { file: raw.file, sourceUrl: null, altText, dedupe };
  }
  const sourceUrl =
    raw.sourceUrl === undefined || raw.sourceUrl === null
      ? null
      : typeof raw.sourceUrl === 'string'
        ? raw.sourceUrl
        : (() => {
            throw uploadRefused('source_url', messages.string('source_url'));
          })();
  if (raw.file && sourceUrl !== null) throw uploadRefused('file', imageMessages.both);
  if (!raw.file && sourceUrl === null) throw uploadRefused('file', imageMessages.missingInput);
  if (sourceUrl !== null) checkSourceUrl(sourceUrl);
  return { file: raw.file, sourceUrl, altText, dedupe };
}

export type BulkItem =
  | { index: number; kind: 'file'; file: UploadedFile; altText: string }
  | { index: number; kind: 'url'; url: string; altText: string };

export interface BulkInput {
  items: BulkItem[];
  dedupe: boolean;
  /** The body's `dry_run` (issue 25); the query string's is read by the controller. */
  dryRun: boolean;
}

const INDEXED = /^(files|source_urls|alt_texts)\[(\d*)\]$/;

interface Slot<T> {
  explicit: number | null;
  value: T;
}

/**
 * POST /images/bulk: `files[]`, `source_urls[]`, `alt_texts[]` matched by position; mixing files
 * and addresses needs explicit indexes, and one index cannot carry both. JSON: addresses only.
 */
export async function readBulkImageRequest(req: Request): Promise<BulkInput> {
  const files: Slot<UploadedFile>[] = [];
  const urls: Slot<unknown>[] = [];
  const alts: Slot<unknown>[] = [];
  const flags: Fields = {};
  if (isMultipart(req)) {
    const body = await readMultipart(req);
    for (const f of body.files) {
      const m = INDEXED.exec(f.field);
      if (m?.[1] === 'files') files.push({ explicit: m[2] === '' ? null : Number(m[2]), value: f });
    }
    for (const f of body.fields) {
      if ((f.name === 'dedupe' || f.name === 'dry_run') && f.value.trim() !== '')
        flags[f.name] ??= f.value.trim();
      const m = INDEXED.exec(f.name);
      if (!m) continue;
      const value = f.value.trim() === '' ? null : f.value.trim();
      const slot = { explicit: m[2] === '' ? null : Number(m[2]), value };
      if (m[1] === 'source_urls') urls.push(slot);
      else if (m[1] === 'alt_texts') alts.push(slot);
    }
  } else {
    const body = (req.body ?? {}) as Fields;
    flags.dedupe = body.dedupe;
    flags.dry_run = body.dry_run;
    for (const [name, target] of [
      ['source_urls', urls],
      ['alt_texts', alts],
    ] as const) {
      const value = body[name];
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) value.forEach((v, i) => target.push({ explicit: i, value: v }));
      else if (typeof value === 'object') {
        for (const [k, v] of Object.entries(value as Fields)) {
          if (!/^\d+$/.test(k))
            throw validationError({ [name]: [messages.array(name)] }, UPLOAD_REFUSED);
          target.push({ explicit: Number(k), value: v });
        }
      } else throw validationError({ [name]: [messages.array(name)] }, UPLOAD_REFUSED);
    }
  }
  const checked = checkDto(BulkImagesDto, flags);
  if (!checked.ok) throw dtoError(BulkImagesDto, checked.failures, checked.body);
  const dedupe = checked.value.dedupe ?? true;
  const dryRun = checked.value.dry_run ?? false;

  const total = files.length + urls.length;
  if (total > MAX_BULK_ITEMS) {
    const message = !urls.length
      ? imageMessages.tooManyFiles
      : !files.length
        ? imageMessages.tooManyUrls
        : imageMessages.tooManyMixed;
    const field = !urls.length ? 'files' : !files.length ? 'source_urls' : 'images';
    throw validationError({ [field]: [message] }, message);
  }
  if (total === 0) throw validationError({ files: [imageMessages.bulkEmpty] }, UPLOAD_REFUSED);

  const mixed = files.length > 0 && urls.length > 0;
  if (mixed && [...files, ...urls].some((s) => s.explicit === null)) {
    throw validationError({ files: [imageMessages.bulkNeedsIndexes] }, UPLOAD_REFUSED);
  }
  const position = <T>(slots: Slot<T>[]) =>
    slots.map((s, i) => ({ index: s.explicit ?? i, value: s.value }));
  const fileItems = position(files);
  const urlItems = position(urls);
  const altByIndex = new Map<number, unknown>();
  for (const a of position(alts)) altByIndex.set(a.index, a.value);

  const taken = new Map<number, string>();
  const errors: Record<string, string[]> = {};
  for (const [kind, list] of [
    ['files', fileItems],
    ['source_urls', urlItems],
  ] as const) {
    for (const { index } of list) {
      const other = taken.get(index);
      if (other !== undefined) {
        errors[`${kind}.${index}`] = [
          other === kind ? `Index ${index} is used twice.` : imageMessages.bulkIndexTaken(index),
        ];
      }
      taken.set(index, kind);
    }
  }
  for (const [index, alt] of altByIndex) {
    if (alt === null || alt === undefined) continue;
    if (typeof alt !== 'string') errors[`alt_texts.${index}`] = [messages.string('alt_texts')];
    else if (alt.length > MAX_ALT_TEXT)
      errors[`alt_texts.${index}`] = [messages.maxString('alt_text', MAX_ALT_TEXT)];
  }
  for (const { index, value } of urlItems) {
    if (typeof value !== 'string' || value === '')
      errors[`source_urls.${index}`] = [messages.string('source_url')];
  }
  if (Object.keys(errors).length) throw validationError(errors, UPLOAD_REFUSED);

  const altOf = (index: number) => {
    const v = altByIndex.get(index);
    return typeof v === 'string' ? v : '';
  };
  const items: BulkItem[] = [
    ...fileItems.map((f) => ({
      index: f.index,
      kind: 'file' as const,
      file: f.value,
      altText: altOf(f.index),
    })),
    ...urlItems.map((u) => ({
      index: u.index,
      kind: 'url' as const,
      url: (u.value as string).trim(),
      altText: altOf(u.index),
    })),
  ].sort((a, b) => a.index - b.index);
  return { items, dedupe, dryRun };
}
