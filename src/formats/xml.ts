/**
 * Text set in the XML the formats write (SVG, laser and pen SVG, 3MF's
 * model): a made-by line holds whatever a seed or a saved maze's option
 * held, and XML 1.0 cannot hold every character.
 */

/** Characters XML 1.0 cannot hold: controls but tab, line feed and carriage return; U+FFFE, U+FFFF; lone surrogates. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe as XML character data: &, < and > as entities, a character XML cannot hold as U+FFFD. */
export function xmlText(text: string): string {
  return text.replace(/[<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&amp;')).replace(NOT_XML, '\ufffd');
}

/** Text safe in an XML comment too: as xmlText, with no two hyphens running (they would end it). */
export function commentText(text: string): string {
  return xmlText(text).replace(/-(?=-)/g, '- ');
}
