/** WeChat and Alipay in-app browsers announce themselves in the user agent (spec §1). */
export function isInAppBrowser(userAgent: string): boolean {
  return /MicroMessenger|AlipayClient/i.test(userAgent);
}

export function isWeChat(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}
