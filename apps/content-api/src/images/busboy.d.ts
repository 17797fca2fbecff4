// busboy (multer's parser, installed with it) ships no types; the part of its API used here.
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  interface BusboyConfig {
    headers: IncomingHttpHeaders;
    limits?: {
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
    };
    preservePath?: boolean;
  }
  interface FileInfo {
    filename: string | undefined;
    encoding: string;
    mimeType: string;
  }
  interface FieldInfo {
    nameTruncated: boolean;
    valueTruncated: boolean;
  }
  interface Busboy extends Writable {
    on(
      event: 'file',
      listener: (name: string, stream: Readable & { truncated?: boolean }, info: FileInfo) => void,
    ): this;
    on(event: 'field', listener: (name: string, value: string, info: FieldInfo) => void): this;
    on(event: 'close' | 'partsLimit' | 'filesLimit' | 'fieldsLimit', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  function busboy(config: BusboyConfig): Busboy;
  export = busboy;
}
