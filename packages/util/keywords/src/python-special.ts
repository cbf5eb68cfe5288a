/**
 * Whether `name` is a Python special method's (`__eq__`, `__init__`, `__len__`): Python's syntax
 * calls it (`a == b`, `Point(1)`, `len(p)`) where no call or reference names it. The language
 * reference's data model (section 3.3, "Special method names").
 */
export function isPythonSpecialName(name: string): boolean {
  return /^__\w+__$/.test(name)
}
