/**
 * Types of the virtual module the `satchelSkills()` Vite plugin serves. Reference this file (or add
 * `satchel/vite/client` to `compilerOptions.types`) in an app that imports the bundle:
 *
 * @example
 * ```ts
 * /// <reference types="satchel/vite/client" />
 * import bundle from 'virtual:satchel/skills'
 * const loader = new SkillLoader({ builtin: bundleSource(bundle) })
 * ```
 */
declare module 'virtual:satchel/skills' {
  /** The skills folder, as the plugin bundled it at build time. */
  const bundle: import('../sources/bundle.js').SkillBundle;
  export default bundle;
}
