import { defineCall } from '@vendo/contract/api/call';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { setApiNavigator } from './api-client';
import { toast } from './notify';
import { saveLogin } from './session';
import { makeUser } from './test-fixtures';
import { pickFiles, toFormData, uploadCall } from './upload';

vi.mock('./notify', () => ({ toast: vi.fn(), alertDialog: vi.fn() }));

const fileCall = defineCall({
  path: '/api/v1/g/upload',
  auth: 'session',
  request: z.object({}),
  response: z.object({ img_id: z.number() }),
});

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(() => undefined);
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.mocked(toast).mockReset();
});

describe('uploadCall', () => {
  it('posts multipart form data with the session headers, leaving the content type to the browser', async () => {
    saveLogin(makeUser());
    fetchMock.mockResolvedValue(answer({ rcode: 0, msg: 'OK', result: { img_id: 7, extra: true } }));
    const file = new File(['png'], 'cola.png', { type: 'image/png' });
    await expect(uploadCall(fileCall, { file: { file }, name: 'Cola' })).resolves.toEqual({ img_id: 7 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/g/upload');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers).toMatchObject({ token: 'tok', secret: 'sec', lang: 'en-US' });
    expect(headers).not.toHaveProperty('content-type');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('cola.png');
    expect(body.get('name')).toBe('Cola');
  });

  it('shows a refusal like every call: the code and the server words in a toast', async () => {
    fetchMock.mockResolvedValue(answer({ rcode: 710, msg: 'Only JPEG, PNG, GIF or WebP', result: null }));
    await expect(uploadCall(fileCall, { file: { file: new Blob(['x']) } })).rejects.toMatchObject({
      rcode: 710,
    });
    expect(toast).toHaveBeenCalledWith('Only JPEG, PNG, GIF or WebP (710)', expect.anything());
  });
});

describe('toFormData', () => {
  it('names bare blobs and leaves out missing parts', () => {
    const form = toFormData({ file: { file: new Blob(['a']), filename: 'a.csv' }, name: undefined });
    expect((form.get('file') as File).name).toBe('a.csv');
    expect(form.has('name')).toBe(false);
  });
});

describe('pickFiles', () => {
  it('resolves with the files chosen, or nothing when the chooser is cancelled', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (
      this: HTMLInputElement,
    ) {
      this.dispatchEvent(new Event('cancel'));
    });
    await expect(pickFiles({ accept: 'image/*' })).resolves.toEqual([]);
    expect(document.querySelector('input[type=file]')).toBeNull();
    click.mockRestore();
  });
});
