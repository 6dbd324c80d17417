import { describe, expect, it } from 'vitest';
import { isInAppBrowser, isWeChat } from './browser';

const WECHAT =
  'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.48.2580(0x28003035) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const ALIPAY =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AlipayClient/10.5.36.6000 Language/zh-Hans';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('in-app browser detection', () => {
  it('recognises WeChat and Alipay', () => {
    expect(isInAppBrowser(WECHAT)).toBe(true);
    expect(isInAppBrowser(ALIPAY)).toBe(true);
    expect(isWeChat(WECHAT)).toBe(true);
    expect(isWeChat(ALIPAY)).toBe(false);
  });

  it('refuses everything else', () => {
    expect(isInAppBrowser(DESKTOP)).toBe(false);
    expect(isInAppBrowser('')).toBe(false);
  });
});
