declare const nominal: unique symbol

/**
 * A nominal type: `T` (default `string`) tagged with the compile-time-only brand `Name`, so two
 * ids of the same runtime shape cannot be mixed up (`Branded<'LspProviderId'>` is not assignable
 * from a plain `string` nor from `Branded<'OtherId'>`). The brand has no runtime cost or value;
 * create one with {@link brand}.
 */
export type Branded<Name extends string, T = string> = T & { readonly [nominal]: Name }

/**
 * Tag a value with a brand. Validation is the caller's job: this is a cast, made explicit.
 * @param value - the runtime value, returned unchanged.
 * @returns `value` typed as `Branded<Name, T>`.
 */
export function brand<Name extends string, T = string>(value: T): Branded<Name, T> {
  return value as Branded<Name, T>
}
