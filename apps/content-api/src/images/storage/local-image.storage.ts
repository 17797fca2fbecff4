import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { settings } from '@hc/contracts';
import { isValidKey, type ImageStorage } from './image-storage';

/** URL path under {base_url} where local files are served (public, no credential). */
export const LOCAL_FILES_PATH = '/images/files';

/**
 * One machine: files under `${HC_DATA_DIR}/images/<site uuid>/<name>`, served by content-api
 * at `${base_url}/images/files/<site uuid>/<name>`. Writes go to a temporary name first and are
 * renamed into place, so a failed write never leaves a partial file under the key.
 */
export class LocalImageStorage implements ImageStorage {
  readonly root: string;

  constructor(root = join(settings().dataDir, 'images')) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid image key ${key}`);
    return join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isValidKey(key)) return null;
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  urlFor(key: string): string {
    return `${settings().apiBaseUrl}${LOCAL_FILES_PATH}/${key}`;
  }

  owns(url: string): boolean {
    return url.startsWith(`${settings().apiBaseUrl}${LOCAL_FILES_PATH}/`);
  }
}
