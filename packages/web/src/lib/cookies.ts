const DAY_MS = 24 * 60 * 60 * 1000;

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  const expires = new Date(Date.now() + maxAgeDays * DAY_MS).toUTCString();
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}
