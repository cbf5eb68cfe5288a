/**
 * The default arm of an exhaustive `switch`: compilation fails when a union gains a member that
 * is not handled; at run time (a provider newer than this tool) it throws.
 */
export function assertNever(value: never): never {
  throw new Error(`unexpected value ${JSON.stringify(value)}`)
}
