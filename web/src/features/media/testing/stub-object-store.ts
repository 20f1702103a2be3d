import { vi } from 'vitest';

export interface StoreRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

interface StoreAnswer {
  /** 0 for no answer at all (a network failure). */
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The object store at the HTTP boundary: Uppy sends files with XMLHttpRequest (for upload
 * progress), which this replaces. Every request is recorded and answered with `answer` (by
 * default 200 with an ETag), after one upload progress event.
 */
export function stubObjectStore(
  answer: (req: StoreRequest) => StoreAnswer = () => ({ status: 200, headers: { etag: '"etag-1"' } }),
) {
  const requests: StoreRequest[] = [];

  class StubXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    responseType = '';
    withCredentials = false;
    #request: StoreRequest = { method: 'GET', url: '', headers: {}, body: null };
    #responseHeaders: Record<string, string> = {};

    open(method: string, url: string) {
      this.#request = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.#request.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string): string | null {
      return this.#responseHeaders[name.toLowerCase()] ?? null;
    }
    abort() {}
    send(body: unknown) {
      this.#request.body = body;
      requests.push(this.#request);
      setTimeout(() => {
        const reply = answer(this.#request);
        if (reply.status === 0) return this.onerror?.();
        const size = body instanceof Blob ? body.size : 0;
        this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size } as ProgressEvent);
        this.status = reply.status;
        this.statusText = String(reply.status);
        this.responseText = reply.body ?? '';
        this.#responseHeaders = Object.fromEntries(
          Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
        );
        this.onload?.();
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', StubXhr);
  return requests;
}

/** A file of `bytes` zero bytes. */
export function fileOf(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
