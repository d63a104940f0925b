/** Replaces every word a mail client would show as a link (a web address, a domain, an e-mail address), but those `keep` accepts. */
export function withoutLinks(text: string, keep: (word: string) => boolean = () => false): string {
  return text
    .split(/(\s+)/)
    .map((word) => (word.trim() && looksLikeLink(word) && !keep(word) ? '[link removed]' : word))
    .join('');
}

function looksLikeLink(word: string): boolean {
  return (
    /[a-z][a-z0-9+.-]*:\/\//i.test(word) || // http://, ftp://, any scheme://
    /\b(mailto|tel|sms|callto|javascript|data):/i.test(word) ||
    /@/.test(word) ||
    /\bwww\./i.test(word) ||
    /[a-z0-9-]\.[a-z]{2,}/i.test(word) // a domain name: example.com, bit.ly/x
  );
}
