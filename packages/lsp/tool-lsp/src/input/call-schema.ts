import * as z from 'zod' // a namespace import lets the bundle keep only what is used (tsup bundles zod: package.json)
import { lspToolInputSchema } from './input-schema.js'

/** The most queries one call takes. */
export const MAX_QUERIES = 20

/**
 * What one call of the `lsp` tool takes: one query ({@link lspToolInputSchema}: `operation` and
 * its fields), or `queries`, a list of such queries answered in order (see `runQueries`). The
 * single-query fields are those of `lspToolInputSchema`, unchanged; `operation` is optional here
 * only because a call with `queries` has none of its own. Each query of the list is validated as
 * a single query when it runs, so its items are plain objects in this schema.
 */
export const lspToolCallSchema = z.strictObject({
  ...lspToolInputSchema.shape,
  operation: lspToolInputSchema.shape.operation.optional(),
  queries: z
    .array(z.looseObject({}))
    .min(1)
    .max(MAX_QUERIES)
    .describe(
      `Instead of one query: up to ${MAX_QUERIES} queries, each an object of the fields above (operation required), ` +
        'answered in order under one header each; a query that fails shows its error, the others still answer.',
    )
    .optional(),
})
