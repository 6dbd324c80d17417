/** The initials an avatar shows without a picture: the nickname's first character (a letter upper-cased). */
export function initialsOf(nickname: string): string {
  const first = Array.from(nickname.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** Background colours of initials avatars, dark enough for white text (WCAG AA at 18px bold). */
const AVATAR_COLOURS = ['#1463d6', '#0f7b5f', '#8a4bd1', '#b5470b', '#c2185b', '#37618a'] as const;

/** A colour that stays the same for a member (from the card number), so a list is easier to scan. */
export function avatarColour(seed: string): string {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}
