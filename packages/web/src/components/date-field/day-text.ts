const pad = (n: number) => String(n).padStart(2, '0');

/** A picked calendar day as 'YYYY-MM-DD' (the picker's Date is local midnight). */
export function dayText(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' as the local Date the picker expects; undefined for ''. */
export function dayDate(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}
