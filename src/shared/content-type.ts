/**
 * Content types of skill files, by extension, for the inventory
 * `skills.load` and `skills.list` return: enough for a model to tell a
 * script from a schema from an image without reading it.
 * @module
 */

const BY_EXTENSION: ReadonlyMap<string, string> = new Map([
  ['md', 'text/markdown'],
  ['markdown', 'text/markdown'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['tsv', 'text/tab-separated-values'],
  ['html', 'text/html'],
  ['htm', 'text/html'],
  ['css', 'text/css'],
  ['xml', 'application/xml'],
  ['json', 'application/json'],
  ['jsonl', 'application/jsonl'],
  ['yaml', 'application/yaml'],
  ['yml', 'application/yaml'],
  ['toml', 'application/toml'],
  ['js', 'text/javascript'],
  ['mjs', 'text/javascript'],
  ['cjs', 'text/javascript'],
  ['ts', 'text/typescript'],
  ['py', 'text/x-python'],
  ['sh', 'application/x-sh'],
  ['bash', 'application/x-sh'],
  ['rb', 'text/x-ruby'],
  ['go', 'text/x-go'],
  ['rs', 'text/x-rust'],
  ['java', 'text/x-java'],
  ['sql', 'application/sql'],
  ['r', 'text/x-r'],
  ['ipynb', 'application/x-ipynb+json'],
  ['svg', 'image/svg+xml'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['ico', 'image/x-icon'],
  ['pdf', 'application/pdf'],
  ['zip', 'application/zip'],
  ['gz', 'application/gzip'],
  ['tar', 'application/x-tar'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['xls', 'application/vnd.ms-excel'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ['woff2', 'font/woff2'],
  ['ttf', 'font/ttf'],
]);

/**
 * The content type of a file: by its extension, else `text/plain` for text
 * and `application/octet-stream` for binary.
 *
 * @example
 * ```ts
 * contentTypeOf('scripts/util.py', true)   // 'text/x-python'
 * contentTypeOf('assets/blob', false)      // 'application/octet-stream'
 * ```
 */
export function contentTypeOf(path: string, text: boolean): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const known = dot > 0 ? BY_EXTENSION.get(base.slice(dot + 1).toLowerCase()) : undefined;
  return known ?? (text ? 'text/plain' : 'application/octet-stream');
}
