/** `--source`: the index only, the live server only, or the index while the live server is not ready. */
export type AnswerSource = 'index' | 'live' | 'auto'

/** Every {@link AnswerSource}, the default first. */
export const answerSources: readonly AnswerSource[] = ['auto', 'index', 'live']
