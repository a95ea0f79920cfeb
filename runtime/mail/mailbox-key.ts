/**
 * The mailbox an address reaches, as far as a per-recipient cap needs to know it: spellings
 * of one mailbox give one key, so the cap cannot be dodged by varying them. Merging too
 * much only makes the cap stricter for the merged addresses (a suppressed acknowledgement,
 * never a lost message), so each rule errs that way. See docs/decisions.md.
 *
 * - Unicode NFC, then lower case: providers treat local parts case-insensitively, and
 *   composed and decomposed forms of one letter are one letter.
 * - Everything from the first `+` of the local part is dropped, for every domain: `+` is
 *   the sub-address separator of Gmail, Outlook/Hotmail, iCloud, Fastmail, Proton, Yahoo
 *   (its own aliases use `-`, which we keep: too many real local parts contain one) and of
 *   most self-hosted servers.
 * - Gmail ignores dots in the local part, and googlemail.com is gmail.com.
 */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

export function mailboxKey(address: string): string {
  const normalized = address.trim().normalize('NFC').toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at < 0) return normalized;
  let local = normalized.slice(0, at);
  let domain = normalized.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}
