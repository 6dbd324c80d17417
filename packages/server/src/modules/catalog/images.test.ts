import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GoodsImage, RegionNode } from '@vendo/contract/api/catalog';
import { REGIONS_PATH } from '@vendo/contract/api/catalog';
import { RCODE } from '@vendo/contract/rcodes';
import type { UserInfo } from '@vendo/contract/api/account';
import { sessionHeaders } from '../../testing/accounts';
import { createTestApp, dialects, type TestApp } from '../../testing/test-app';
import {
  mainAccount,
  ok,
  paddedPng,
  pngOfSize,
  postMultipart,
  SAMPLE_IMAGES,
  staffAccount,
  type Caller,
} from './catalog-testing';

const png = { filename: 'photo.png', type: 'image/png', data: SAMPLE_IMAGES.png };

describe.each(dialects())('image library and uploads on %s', (dialect) => {
  let t: TestApp;
  let main: Caller;
  const dataDir = `/tmp/vendo-images-test-${process.pid}-${dialect}`;
  const start = async (env: Record<string, string> = {}) => {
    t = await createTestApp(dialect, { DATA_DIR: dataDir, ...env });
    main = await mainAccount(t, '13900000001');
  };
  afterEach(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (caller: Caller, parts: Parameters<typeof postMultipart>[2]) =>
    postMultipart(t, '/api/v1/g/upload', parts, caller.headers);
  const images = async (caller: Caller, body: Record<string, unknown> = {}) =>
    ok<{ data: GoodsImage[]; count: number }>(await t.call('/api/v1/g/getImg', body, caller.headers));

  describe('/g/upload', () => {
    beforeEach(() => start());

    it('stores the image by its content and serves it with long caching', async () => {
      const image = ok<GoodsImage>(await upload(main, { file: png }));
      expect(image).toMatchObject({
        name: 'photo',
        content_type: 'image/png',
        bytes: SAMPLE_IMAGES.png.length,
      });
      expect(image.url).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      const served = await t.app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(SAMPLE_IMAGES.png)).toBe(true);
      const again = await t.app.inject({
        method: 'GET',
        url: image.url,
        headers: { 'if-none-match': String(served.headers['etag']) },
      });
      expect(again.statusCode).toBe(304);
      expect(fs.existsSync(`${dataDir}${image.url}`)).toBe(true);

      // The same content twice: one file, two library entries.
      const second = ok<GoodsImage>(await upload(main, { file: png, name: 'Cola front' }));
      expect(second.url).toBe(image.url);
      expect(second.name).toBe('Cola front');
      expect((await images(main)).count).toBe(2);
    });

    it('accepts JPEG, GIF and WebP by their bytes, whatever the name says', async () => {
      for (const [kind, data] of [
        ['jpeg', SAMPLE_IMAGES.jpeg],
        ['gif', SAMPLE_IMAGES.gif],
        ['webp', SAMPLE_IMAGES.webp],
      ] as const) {
        const image = ok<GoodsImage>(
          await upload(main, { file: { filename: 'x.bin', type: 'application/octet-stream', data } }),
        );
        expect(image.content_type, kind).toBe(`image/${kind}`);
      }
    });

    it('takes files larger than the 1 MB JSON body limit, up to UPLOAD_MAX_BYTES (5 MB)', async () => {
      const photo = Buffer.concat([SAMPLE_IMAGES.jpeg, Buffer.alloc(3 * 1024 * 1024, 7)]);
      const image = ok<GoodsImage>(
        await upload(main, { file: { filename: 'p.jpg', type: 'image/jpeg', data: photo } }),
      );
      expect(image.bytes).toBe(photo.length);
    });

    it('refuses files that are not images, naming the allowed types', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const answer = await upload(main, { file: { filename: 'logo.png', type: 'image/png', data: svg } });
      expect(answer.rcode).toBe(RCODE.IMAGE_TYPE_REFUSED);
      expect(answer.msg).toBe('Only JPEG, PNG, GIF or WebP images can be uploaded');
      expect((await images(main)).count).toBe(0);
    });

    it('refuses an image that is only a signature, or cut short, as damaged', async () => {
      const cases: [string, Buffer][] = [
        ['8-byte PNG', SAMPLE_IMAGES.png.subarray(0, 8)],
        ['PNG without its end', SAMPLE_IMAGES.png.subarray(0, -12)],
        ['JPEG cut in its scan', SAMPLE_IMAGES.jpeg.subarray(0, -6)],
        ['JPEG header only', SAMPLE_IMAGES.jpeg.subarray(0, 20)],
        ['GIF without its trailer', SAMPLE_IMAGES.gif.subarray(0, -1)],
        ['WebP cut short', SAMPLE_IMAGES.webp.subarray(0, -4)],
      ];
      for (const [label, data] of cases) {
        const answer = await upload(main, { file: { filename: 'x.png', type: 'image/png', data } });
        expect(answer.rcode, label).toBe(RCODE.IMAGE_DAMAGED);
        expect(answer.msg, label).toBe('The image is damaged or incomplete: save it again and upload it');
      }
      expect((await images(main)).count).toBe(0);
    });

    it('refuses an image too big to show: 1×100000 pixels, or over 40 megapixels', async () => {
      for (const [width, height] of [
        [1, 100_000],
        [8000, 8000],
      ] as const) {
        const data = pngOfSize(width, height);
        const answer = await upload(main, { file: { filename: 'tall.png', type: 'image/png', data } });
        expect(answer.rcode, `${width}×${height}`).toBe(RCODE.IMAGE_TOO_MANY_PIXELS);
        expect(answer.msg).toBe('The image is too big: at most 8192 pixels a side and 40 megapixels in all');
      }
      ok(
        await upload(main, { file: { filename: 'wide.png', type: 'image/png', data: pngOfSize(8192, 16) } }),
      );
    });

    it('asks for a file when none came, from multipart and from JSON alike', async () => {
      const multipart = await upload(main, { name: 'nothing' });
      expect(multipart.rcode).toBe(RCODE.FILE_MISSING);
      expect(multipart.msg).toBe('Please choose a file to upload');
      expect((await t.call('/api/v1/g/upload', { file: 'x' }, main.headers)).rcode).toBe(RCODE.INVALID_PARAM);
      expect((await t.call('/api/v1/g/upload', {}, main.headers)).rcode).toBe(RCODE.FILE_MISSING);
    });

    it('keeps other calls JSON-only', async () => {
      const answer = await postMultipart(t, '/api/v1/u/addArea', { name: 'Area' }, main.headers);
      expect(answer.status).toBe(415);
      expect(answer.rcode).toBe(RCODE.UNSUPPORTED_MEDIA_TYPE);
    });

    it('serves nothing outside the upload names', async () => {
      for (const url of [
        '/uploads/../../etc/passwd',
        '/uploads/ab/abc.png',
        `/uploads/00/${'ab'.repeat(32)}.png`,
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    });

    it('needs a session and GoodsManage', async () => {
      expect((await postMultipart(t, '/api/v1/g/upload', { file: png }, {})).rcode).toBe(
        RCODE.SESSION_EXPIRED,
      );
      const staff = await staffAccount(t, main, { account: 'clerk' });
      expect((await upload(staff, { file: png })).rcode).toBe(RCODE.FORBIDDEN);
    });
  });

  describe('size limit', () => {
    beforeEach(() => start({ UPLOAD_MAX_BYTES: String(64 * 1024) }));

    it('refuses a file over UPLOAD_MAX_BYTES with the limit in the message', async () => {
      const big = paddedPng(70 * 1024);
      const answer = await upload(main, { file: { filename: 'big.png', type: 'image/png', data: big } });
      expect(answer.rcode).toBe(RCODE.FILE_TOO_LARGE);
      expect(answer.msg).toBe('File too large: at most 0.1 MB');
      expect((await images(main)).count).toBe(0);
      const fits = paddedPng(60 * 1024);
      expect(
        (await upload(main, { file: { filename: 'ok.png', type: 'image/png', data: fits } })).rcode,
      ).toBe(0);
    });
  });

  describe('multipart limits', () => {
    beforeEach(() => start());

    const post = async (path: string, parts: Parameters<typeof postMultipart>[2]) =>
      postMultipart(t, path, parts, main.headers);
    const csv = { filename: 'g.csv', type: 'text/csv', data: Buffer.from('商品名称,价格\nA,1\n') };

    it('answers each limit with its own message, on every upload call', async () => {
      for (const [path, file] of [
        ['/api/v1/g/upload', png],
        ['/api/v1/g/importGoods', csv],
      ] as const) {
        const cases: [string, Parameters<typeof postMultipart>[2], number, string][] = [
          [
            'two files',
            [
              ['file', file],
              ['file', file],
            ],
            RCODE.UPLOAD_ONE_FILE,
            'Upload one file at a time',
          ],
          [
            'two file parts',
            [
              ['file', file],
              ['other', file],
            ],
            RCODE.UPLOAD_ONE_FILE,
            'Upload one file at a time',
          ],
          [
            'too many fields',
            [['file', file], ...Array.from({ length: 6 }, (_, i): [string, string] => [`f${i}`, 'x'])],
            RCODE.UPLOAD_TOO_MANY_FIELDS,
            'The upload carries too many form fields: at most 5',
          ],
          [
            'field too large',
            [
              ['name', 'x'.repeat(1001)],
              ['file', file],
            ],
            RCODE.UPLOAD_FIELD_TOO_LARGE,
            'The form field "name" is too long: at most 1000 bytes',
          ],
          [
            'file too large',
            [['file', { ...file, data: paddedPng(5 * 1024 * 1024 + 1) }]],
            RCODE.FILE_TOO_LARGE,
            'File too large: at most 5 MB',
          ],
          ['no file', [['name', 'x']], RCODE.FILE_MISSING, 'Please choose a file to upload'],
          ['empty form', [], RCODE.FILE_MISSING, 'Please choose a file to upload'],
        ];
        for (const [label, parts, rcode, msg] of cases) {
          const answer = await post(path, parts);
          expect([answer.status, answer.rcode, answer.msg], `${path}: ${label}`).toEqual([200, rcode, msg]);
        }
      }
      expect((await images(main)).count).toBe(0);
    });

    it('refuses a body that is not a readable form, in the caller’s language', async () => {
      for (const [label, contentType, payload] of [
        ['no boundary', 'multipart/form-data', 'garbage'],
        [
          'cut short',
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        ],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/g/upload',
          payload,
          headers: { ...main.headers, lang: 'zh-CN', 'content-type': contentType },
        });
        expect(response.json(), label).toEqual({
          rcode: RCODE.UPLOAD_MALFORMED,
          msg: '上传内容不完整或格式错误，请重新选择文件上传',
          result: null,
        });
      }
    });
  });

  describe('image host', () => {
    beforeEach(() => start({ IMAGE_HOST: 'https://cdn.example.com/vendo/' }));

    it('answers URLs on the image host and takes them back for goods', async () => {
      const image = ok<GoodsImage>(await upload(main, { file: png }));
      expect(image.url).toMatch(
        /^https:\/\/cdn\.example\.com\/vendo\/uploads\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/,
      );
      const { goods_id } = ok<{ goods_id: number }>(
        await t.call(
          '/api/v1/g/addPrivate',
          { goods_name: 'Cola', price: 300, img: image.url },
          main.headers,
        ),
      );
      const stored = await t.db.kysely
        .selectFrom('goods')
        .select('img')
        .where('id', '=', goods_id)
        .executeTakeFirstOrThrow();
      expect(stored.img).toBe(image.url.replace('https://cdn.example.com/vendo', ''));
    });
  });

  describe('library', () => {
    beforeEach(() => start());

    it('lists, renames and removes entries; another merchant’s ids are refused', async () => {
      const first = ok<GoodsImage>(await upload(main, { file: png, name: 'Front' }));
      t.clock.advance(1000);
      ok<GoodsImage>(await upload(main, { file: { ...png, data: SAMPLE_IMAGES.gif }, name: 'Back' }));
      expect((await images(main)).data.map((i) => i.name)).toEqual(['Back', 'Front']);
      expect((await images(main, { condition: { name: 'fro' } })).count).toBe(1);
      ok(await t.call('/api/v1/g/editImg', { img_id: first.img_id, name: 'Front side' }, main.headers));
      expect(
        (await t.call('/api/v1/g/editImg', { img_id: first.img_id, name: '' }, main.headers)).msg,
      ).toMatch(/name: Cannot be empty$/i);

      const other = await mainAccount(t, '13900000002');
      expect((await images(other)).count).toBe(0);
      expect(
        (await t.call('/api/v1/g/editImg', { img_id: first.img_id, name: 'Mine' }, other.headers)).rcode,
      ).toBe(RCODE.IMAGE_NOT_FOUND);
      expect((await t.call('/api/v1/g/delImg', { img_id: first.img_id }, other.headers)).rcode).toBe(
        RCODE.IMAGE_NOT_FOUND,
      );

      // Goods showing the image keep it after the library entry goes.
      ok(
        await t.call(
          '/api/v1/g/addPrivate',
          { goods_name: 'Cola', price: 300, img: first.url },
          main.headers,
        ),
      );
      ok(await t.call('/api/v1/g/delImg', { img_id: first.img_id }, main.headers));
      expect((await images(main)).data.map((i) => i.name)).toEqual(['Back']);
      expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(200);
    });

    it('staff limited to own goods see only the images they uploaded', async () => {
      ok(await upload(main, { file: png, name: 'Main image' }));
      const staff = await staffAccount(t, main, { account: 'picker', goodsOwnOnly: true, perms: [1024] });
      const own = ok<GoodsImage>(await upload(staff, { file: png, name: 'Staff image' }));
      expect((await images(staff)).data.map((i) => i.name)).toEqual(['Staff image']);
      const mainImage = (await images(main)).data.find((i) => i.name === 'Main image')!;
      expect((await t.call('/api/v1/g/delImg', { img_id: mainImage.img_id }, staff.headers)).rcode).toBe(
        RCODE.IMAGE_NOT_FOUND,
      );
      ok(await t.call('/api/v1/g/delImg', { img_id: own.img_id }, staff.headers));
    });
  });

  describe('messaging-app uploads (sandbox)', () => {
    beforeEach(() => start());

    const sandboxUpload = async (data: Buffer) =>
      ok<{ server_id: string }>(
        await postMultipart(
          t,
          '/api/v1/dev/sandboxMediaUpload',
          { file: { filename: 'wx.jpg', type: 'image/jpeg', data } },
          main.headers,
        ),
      ).server_id;

    it('fetches a JS-SDK upload by its server_id into the library', async () => {
      const serverId = await sandboxUpload(SAMPLE_IMAGES.jpeg);
      const image = ok<GoodsImage>(await t.call('/api/v1/g/uploadWx', { server_id: serverId }, main.headers));
      expect(image).toMatchObject({ content_type: 'image/jpeg', name: 'IMG_20261122_100000' });
      expect((await images(main)).count).toBe(1);
    });

    it('refuses an unknown or expired server_id', async () => {
      const unknown = await t.call('/api/v1/g/uploadWx', { server_id: 'nope' }, main.headers);
      expect(unknown.rcode).toBe(RCODE.MEDIA_NOT_FOUND);
      const serverId = await sandboxUpload(SAMPLE_IMAGES.png);
      t.clock.advance(3 * 24 * 3600 * 1000 + 1);
      // The login has expired by now too: log in again.
      const login = await t.call('/p/v1/login', { username: '13900000001', password: 'secret123' });
      main = { ...main, headers: sessionHeaders(login.result as UserInfo) };
      expect((await t.call('/api/v1/g/uploadWx', { server_id: serverId }, main.headers)).rcode).toBe(
        RCODE.MEDIA_NOT_FOUND,
      );
      expect((await t.call('/api/v1/g/uploadWx', {}, main.headers)).msg).toBe('Image: Cannot be empty');
    });

    it('checks a downloaded image like an uploaded one: a truncated one is damaged', async () => {
      const truncated = await sandboxUpload(SAMPLE_IMAGES.jpeg.subarray(0, 100));
      const damaged = await t.call('/api/v1/g/uploadWx', { server_id: truncated }, main.headers);
      expect(damaged.rcode).toBe(RCODE.IMAGE_DAMAGED);
      expect((await images(main)).count).toBe(0);
    });

    it('stores several at once, or none when one fails', async () => {
      const a = await sandboxUpload(SAMPLE_IMAGES.png);
      const b = await sandboxUpload(SAMPLE_IMAGES.gif);
      const notImage = await sandboxUpload(Buffer.from('plain text'));
      const failed = await t.call('/api/v1/g/uploadMutiWx', { server_id_arr: [a, notImage] }, main.headers);
      expect(failed.rcode).toBe(RCODE.IMAGE_TYPE_REFUSED);
      expect((await images(main)).count).toBe(0);
      const both = ok<{ data: GoodsImage[]; count: number }>(
        await t.call('/api/v1/g/uploadMutiWx', { server_id_arr: [a, b] }, main.headers),
      );
      expect(both.data.map((i) => i.content_type)).toEqual(['image/png', 'image/gif']);
      const tooMany = await t.call(
        '/api/v1/g/uploadMutiWx',
        { server_id_arr: Array(9).fill(a) },
        main.headers,
      );
      expect(tooMany.msg).toBe('At most 8 detail images');
    });
  });

  describe('region tree', () => {
    beforeEach(() => start());

    it('is one cacheable document, gzip-compressed on request, revalidated by ETag', async () => {
      const plain = await t.app.inject({ method: 'GET', url: REGIONS_PATH });
      expect(plain.statusCode).toBe(200);
      const tree = plain.json<RegionNode[]>();
      expect(tree).toHaveLength(31);
      const beijing = tree.find((p) => p.code === '110000')!;
      expect(beijing.name).toBe('北京市');
      expect(beijing.children?.[0]?.children?.find((d) => d.code === '110101')?.name).toBe('东城区');
      const gz = await t.app.inject({
        method: 'GET',
        url: REGIONS_PATH,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
      const etag = String(plain.headers['etag']);
      expect(
        (await t.app.inject({ method: 'GET', url: REGIONS_PATH, headers: { 'if-none-match': etag } }))
          .statusCode,
      ).toBe(304);
    });
  });
});
