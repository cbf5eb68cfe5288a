// The keywords of the languages the cross-check reads, by file extension. `hard` ones are never a
// name in their language; `soft` ones are a name where the code uses them as one (JavaScript's
// reserved words are property names, `type` and `from` are names anywhere; Python's soft keywords).

/** A language whose keywords are known. */
export type KeywordLanguage = 'javascript' | 'python' | 'c' | 'cpp' | 'go' | 'rust' | 'java' | 'shell'

interface Keywords {
  /** Never a name in this language (`def` in Python, `int` in C). */
  readonly hard: ReadonlySet<string>
  /** A name where the code uses it as one (see `isKeywordUse`), else a keyword. */
  readonly soft: ReadonlySet<string>
  /** Soft keywords that take a parenthesis as a keyword (`if (`, `if(`), where other words followed by one are calls. */
  readonly beforeParenthesis: ReadonlySet<string>
  /**
   * Soft keywords that take a parenthesis after a space as a keyword (`delete (x as any).flag`,
   * `match (a, b):`), where the same word right before one is a call or a method (`delete(k)`).
   */
  readonly beforeSpacedParenthesis: ReadonlySet<string>
  /** Soft keywords that end a line as keywords (`} else`, a bare `return`), where other words ending one are names. */
  readonly atLineEnd: ReadonlySet<string>
  /** Words that stand for a value (`this`, `null`, Python's `self`): a name only after `.` or as a key (`null: 1`). */
  readonly values: ReadonlySet<string>
}

const set = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter(Boolean))
const none: ReadonlySet<string> = new Set()
const hardOnly = (words: string): Keywords => ({ hard: set(words), soft: none, beforeParenthesis: none, beforeSpacedParenthesis: none, atLineEnd: none, values: none })

const c = `auto break case char const continue default do double else enum extern float for goto if inline int long register
  restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Bool _Complex _Imaginary`

export const keywords: Readonly<Record<KeywordLanguage, Keywords>> = {
  javascript: {
    hard: none,
    // ES reserved words (property names after `.`), strict-mode and TypeScript's contextual
    // keywords that mostly appear as keywords (`type`, `from`, `as`, `of`, `async`, accessors' `get`).
    soft: set(`break case catch class const continue debugger default delete do else enum export extends finally for
      function if import in instanceof new return switch throw try typeof var void while with yield let static implements
      interface package private protected public await async type from as of declare namespace module keyof readonly infer
      is satisfies abstract override get set`),
    beforeParenthesis: set('if for while switch catch with return typeof void await yield import function async throw'),
    beforeSpacedParenthesis: set('delete new in instanceof of case extends'),
    atLineEnd: set('break continue debugger do else finally return try yield'),
    values: set('this super null true false undefined'),
  },
  python: {
    hard: set(`False None True and as assert async await break class continue def del elif else except finally for from global
      if import in is lambda nonlocal not or pass raise return try while with yield`),
    soft: set('match case type'),
    beforeParenthesis: none,
    beforeSpacedParenthesis: set('match case'),
    atLineEnd: none,
    values: set('self'),
  },
  c: hardOnly(c),
  cpp: hardOnly(`${c} alignas alignof and and_eq asm bitand bitor bool catch char8_t char16_t char32_t class compl concept consteval
    constexpr constinit const_cast co_await co_return co_yield decltype delete dynamic_cast explicit export false friend mutable
    namespace new noexcept not not_eq nullptr operator or or_eq private protected public reinterpret_cast requires
    static_assert static_cast template this thread_local throw true try typeid typename using virtual wchar_t xor xor_eq`),
  go: hardOnly(`break case chan const continue default defer else fallthrough for func go goto if import interface map package
    range return select struct switch type var`),
  rust: hardOnly(`as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move
    mut pub ref return self Self static struct super trait true type unsafe use where while`),
  java: hardOnly(`abstract assert boolean break byte case catch char class const continue default do double else enum extends final
    finally float for goto if implements import instanceof int interface long native new package private protected public
    return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null`),
  shell: hardOnly('if then else elif fi case esac for select while until do done in function time'),
}

/** The language of a file by its extension (lowercase, with its dot), when its keywords are known. */
export function languageOfExtension(extension: string): KeywordLanguage | undefined {
  if (/^\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(extension)) return 'javascript'
  if (/^\.(py|pyi)$/.test(extension)) return 'python'
  if (/^\.(c|h)$/.test(extension)) return 'c'
  if (/^\.(cc|cpp|cxx|c\+\+|hpp|hh|hxx)$/.test(extension)) return 'cpp'
  if (extension === '.go') return 'go'
  if (extension === '.rs') return 'rust'
  if (extension === '.java') return 'java'
  if (/^\.(sh|bash|zsh|ksh)$/.test(extension)) return 'shell'
  return undefined
}
