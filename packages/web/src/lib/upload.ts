import type { Call } from '@vendo/contract/api/call';
import type { z } from 'zod';
import { callEndpoint, type CallOptions } from './api-client';

/** A file part: the Blob (a File keeps its own name) and, for a bare Blob, the name to send it under. */
export interface FilePart {
  file: Blob;
  filename?: string;
}

export type MultipartParts = Record<string, FilePart | string | undefined>;

/** The FormData of a multipart call; undefined parts are left out. */
export function toFormData(parts: MultipartParts): FormData {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (part === undefined) continue;
    if (typeof part === 'string') form.append(name, part);
    else
      form.append(name, part.file, part.filename ?? (part.file instanceof File ? part.file.name : 'upload'));
  }
  return form;
}

/**
 * Posts a multipart/form-data contract call (/g/upload, /g/importGoods, the messaging sandbox's media upload).
 * It travels through the API client like every JSON call: same headers (token, secret, lang), same 15 s
 * timeout, same toasts and 604 redirect, and the answer is checked with the call's response schema.
 */
export function uploadCall<Res extends z.ZodType>(
  call: Call<z.ZodType, Res>,
  parts: MultipartParts,
  options?: CallOptions,
): Promise<z.output<Res>> {
  return callEndpoint<z.output<Res>>(call, toFormData(parts), options);
}

/**
 * Opens the browser's file chooser and resolves with the files picked, or [] when the person cancels (where the
 * browser reports it). Call it straight from a tap: browsers open choosers only inside a user gesture.
 */
export function pickFiles(options: { accept: string; multiple?: boolean }): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = options.accept;
    input.multiple = options.multiple ?? false;
    input.style.display = 'none';
    const done = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => done(Array.from(input.files ?? [])), { once: true });
    input.addEventListener('cancel', () => done([]), { once: true });
    document.body.appendChild(input);
    input.click();
  });
}
