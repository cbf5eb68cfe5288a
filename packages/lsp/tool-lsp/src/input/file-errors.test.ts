import { describe, expect, it } from 'vitest'
import { fileReadError } from './file-errors.js'
import { NotTextError } from './regular-file.js'

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: failed`), { code })

describe('fileReadError', () => {
  it('codes every other way a file cannot be read as LSP_FILE_NOT_FOUND, one line each', () => {
    const message = (code: string) => fileReadError(errno(code), 'src/x.ts', '/w/src/x.ts')?.message
    expect(message('ENOENT')).toBe('file not found: src/x.ts (resolved to /w/src/x.ts)')
    expect(message('EISDIR')).toBe('src/x.ts is a directory, not a file (resolved to /w/src/x.ts)')
    expect(message('ELOOP')).toBe('cannot read src/x.ts: too many symbolic links')
    expect(message('ENAMETOOLONG')).toBe('cannot read src/x.ts: name too long')
    expect(message('EACCES')).toBe('cannot read src/x.ts: permission denied')
    expect(message('EPERM')).toBe('cannot read src/x.ts: permission denied')
    expect(message('ENOTDIR')).toBe('cannot read src/x.ts: part of the path is not a directory')
    expect(message('ERR_FS_FILE_TOO_LARGE')).toBe('cannot read src/x.ts: file too large')
    expect(fileReadError(errno('ENOENT'), 'src/x.ts', '/w/src/x.ts')?.code).toBe('LSP_FILE_NOT_FOUND')
  })

  it('refuses a binary or UTF-16 file as LSP_NOT_TEXT, names the resolved path only where it differs, and says how to ask instead', () => {
    const binary = fileReadError(new NotTextError('/w/src/x.ts', 'nul'), 'src/x.ts', '/w/src/x.ts')
    expect([binary?.code, binary?.message]).toEqual(['LSP_NOT_TEXT', 'src/x.ts is not a text file: it holds NUL bytes (binary, or not UTF-8) (resolved to /w/src/x.ts)'])
    const utf16 = fileReadError(new NotTextError('/w/src/x.ts', 'utf16'), '/w/src/x.ts', '/w/src/x.ts')
    expect([utf16?.code, utf16?.message]).toEqual(['LSP_NOT_TEXT', '/w/src/x.ts is not a text file: it is UTF-16, not UTF-8 (it starts with a UTF-16 byte order mark)'])
    expect(fileReadError(errno('ENOENT'), '/w/src/x.ts', '/w/src/x.ts')?.message).toBe('file not found: /w/src/x.ts')
    expect(fileReadError(errno('ENOENT'), '/w/src/x.ts:12', '/w/src/x.ts:12')?.message).toBe(
      'file not found: /w/src/x.ts:12; give the line and character as their own fields, not in filePath',
    )
    expect(fileReadError(errno('ENOENT'), 'FILE:///w/x.ts', '/w/FILE:/w/x.ts')?.message).toBe(
      'file not found: FILE:///w/x.ts (resolved to /w/FILE:/w/x.ts); give a path (relative to the workspace root, or absolute), not a file: URI',
    )
  })

  it('leaves other failures alone', () => {
    expect(fileReadError(errno('EMFILE'), 'src/x.ts', '/w/src/x.ts')).toBeUndefined()
    expect(fileReadError(new TypeError('bug'), 'src/x.ts', '/w/src/x.ts')).toBeUndefined()
  })
})
