/** msg is written for Chinese readers and enMsg for everyone else; an empty choice counts as absent. */
export function pickMessage(params: URLSearchParams, language: string): string | null {
  const chinese = language.toLowerCase().startsWith('zh');
  const text = params.get(chinese ? 'msg' : 'enMsg')?.trim();
  return text ? text : null;
}
