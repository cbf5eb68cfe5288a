/** Longest path quoted in a message, in code points, the `…` included. */
const MAX_SHOWN = 200

// What would break a one-line message or hide in it: C0/C1 controls, U+2028/U+2029, an unpaired
// surrogate (not text; printed as U+FFFD), and spaces at either end (invisible where they sit).
const unsafe = /[\p{Cc}\u2028\u2029\p{Cs}]|^\s|\s$/u

/**
 * A path as an error message quotes it: as it is, or JSON-quoted with escapes when it holds a
 * control character, a line separator or an unpaired surrogate (`"src/a\nb.ts"`), or starts or
 * ends with a space (`"src/a.ts "`), so the message stays one line and the path stays exact and
 * visible; then, when longer than 200 code points, cut in the middle with `…` to 200.
 */
export function pathForMessage(filePath: string): string {
  const text = unsafe.test(filePath) ? quote(filePath) : filePath
  const codePoints = Array.from(text)
  if (codePoints.length <= MAX_SHOWN) return text
  const head = Math.ceil((MAX_SHOWN - 1) / 2)
  const tail = MAX_SHOWN - 1 - head
  return `${codePoints.slice(0, head).join('')}…${codePoints.slice(-tail).join('')}`
}

function quote(text: string): string {
  // JSON.stringify escapes the C0 controls and unpaired surrogates but leaves U+007F–U+009F and
  // U+2028/U+2029 as they are.
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
