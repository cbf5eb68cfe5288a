// A V8 stack frame line: `    at fn (file.js:1:2)`, `    at async file.js:1:2`, `    at node:internal/x:1:2`.
const stackFrame = /^\s*at\s.*:\d+:\d+\)?\s*$/

// Every line break a reader may render as one: CR, LF, and Unicode's line and paragraph separators.
const lineBreaks = /\s*(?:\r\n|[\r\n\u2028\u2029])\s*/

// Tabs and the other blanks a terminal moves the cursor for (gopls aligns its messages with tabs).
const blanks = /[\t\v\f]+/g

// The other C0 controls and DEL: a terminal acts on them (ESC starts a colour), a model reads noise.
const controls = /[\u0000-\u0008\u000e-\u001f\u007f]/g

/**
 * `text` on one line, for messages a model or a terminal reads: stack frame lines (a provider that
 * put `error.stack` in a message) dropped, the other lines joined with one space, tabs one space,
 * other control characters dropped, ends trimmed.
 * `'boom\n    at f (a.js:1:2)'` → `'boom'`; `'a\r\n  b'` → `'a b'`; `'a\tb'` → `'a b'`.
 */
export function oneLine(text: string): string {
  const lines = text.split(lineBreaks)
  // The first line is the message itself, whatever it looks like.
  return lines
    .filter((line, index) => index === 0 || !stackFrame.test(line))
    .join(' ')
    .replace(blanks, ' ')
    .replace(controls, '')
    .trim()
}
