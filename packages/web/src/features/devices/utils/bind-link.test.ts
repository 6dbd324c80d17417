import { describe, expect, it } from 'vitest';
import {
  bindInfoFromParams,
  bindPath,
  clearBindInfo,
  parseBindCode,
  readBindInfo,
  saveBindInfo,
} from './bind-link';

const INFO = { clientid: 'vd0123abcd', sn: '860000000004', sign: '0f1e2d3c4b5a69788796a5b4c3d2e1f0' };
const QUERY = `clientid=${INFO.clientid}&sn=${INFO.sn}&sign=${INFO.sign}`;

describe('bind links', () => {
  it('reads the whole link, its path or its bare query, whatever the host', () => {
    expect(parseBindCode(`https://vendo.example.com/bind?${QUERY}`)).toEqual(INFO);
    expect(parseBindCode(`http://localhost/bind/?${QUERY}#top`)).toEqual(INFO);
    expect(parseBindCode(`/bind?${QUERY}`)).toEqual(INFO);
    expect(parseBindCode(`  ${QUERY}\n`)).toEqual(INFO);
  });

  it('refuses other pages, missing fields and serial numbers that are not digits', () => {
    expect(parseBindCode(`https://vendo.example.com/login?${QUERY}`)).toBeNull();
    expect(parseBindCode(`/bind?clientid=${INFO.clientid}&sn=${INFO.sn}`)).toBeNull();
    expect(parseBindCode(`/bind?sn=${INFO.sn}&sign=${INFO.sign}`)).toBeNull();
    expect(parseBindCode(`/bind?clientid=c&sn=86abc&sign=s`)).toBeNull();
    expect(parseBindCode('hello')).toBeNull();
    expect(parseBindCode('')).toBeNull();
  });

  it('turns bind info back into the /bind address the QR code opens', () => {
    expect(parseBindCode(bindPath(INFO))).toEqual(INFO);
    expect(bindPath(INFO)).toBe(`/bind?${QUERY}`);
  });

  it('takes a query with a clientid and a sign as bind info; the sn is what the form shows', () => {
    expect(bindInfoFromParams(new URLSearchParams(QUERY))).toEqual(INFO);
    expect(bindInfoFromParams(new URLSearchParams(`clientid=c&sign=s`))).toEqual({
      clientid: 'c',
      sn: '',
      sign: 's',
    });
    expect(bindInfoFromParams(new URLSearchParams(`clientid=c&sn=1`))).toBeNull();
    expect(bindInfoFromParams(new URLSearchParams(''))).toBeNull();
  });

  it('keeps the link being bound for the tab, until the bind succeeds', () => {
    expect(readBindInfo()).toBeNull();
    saveBindInfo(INFO);
    expect(readBindInfo()).toEqual(INFO);
    clearBindInfo();
    expect(readBindInfo()).toBeNull();
  });
});
