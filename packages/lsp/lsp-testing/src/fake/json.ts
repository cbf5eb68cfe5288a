/**
 * A value that survives `JSON.stringify` / `JSON.parse` unchanged: what a scenario may hold and
 * what the fake's log records of every message's params, results and errors.
 */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject

/** A JSON object: string keys, {@link JsonValue} values. */
export interface JsonObject {
  readonly [key: string]: JsonValue
}

/** Narrows `value` to a plain JSON object (not `null`, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
