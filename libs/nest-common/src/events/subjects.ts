/** NATS subject matching: `*` matches one token, a trailing `>` one or more tokens. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/**
 * The narrowest single filter subject covering all patterns, for servers without multi-subject
 * consumer filters (< 2.10): the common leading tokens plus `>`; `undefined` means "no filter".
 */
export function coveringFilter(patterns: readonly string[]): string | undefined {
  if (patterns.length === 0) return undefined;
  const first = patterns[0] as string;
  if (patterns.every((p) => p === first)) return first;
  const tokens = patterns.map((p) => p.split('.'));
  const common: string[] = [];
  for (let i = 0; ; i++) {
    const t = tokens[0]?.[i];
    // a `>` token can't be followed by more tokens, and `>` is appended below anyway
    if (t === undefined || t === '>' || !tokens.every((ts) => ts[i] === t && ts.length > i + 1)) break;
    common.push(t);
  }
  return common.length === 0 ? undefined : [...common, '>'].join('.');
}
