import { encodeWord } from 'nodemailer/lib/mime-funcs';

/**
 * Text a stranger typed, made safe for an unstructured header such as Subject. Line breaks
 * never reach here (validation refuses them). What remains is RFC 2047: ASCII text that
 * looks like an encoded-word (`=?utf-8?b?...?=`) would be decoded by the reader's mail
 * program into whatever its author chose to hide. Such text is sent as one encoded-word
 * itself, so it decodes once, to exactly what was typed.
 */
export function headerText(value: string): string {
  return value.includes('=?') ? encodeWord(value, 'B', 52) : value;
}
