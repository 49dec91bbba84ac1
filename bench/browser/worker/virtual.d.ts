// The skill bundles bench/browser/worker/run.mjs builds with the Vite plugin: 1,000, 2,000 and 10,000 generated
// skills bundled lazily (the plugin's `lazy: true`), and the 1,000 bundled eagerly, as the baseline of the same run.
declare module 'virtual:bench/skills-1000' {
  const bundle: import('../../../src/sources/bundle.js').SkillBundle;
  export default bundle;
}
declare module 'virtual:bench/skills-2000' {
  const bundle: import('../../../src/sources/bundle.js').SkillBundle;
  export default bundle;
}
declare module 'virtual:bench/skills-10000' {
  const bundle: import('../../../src/sources/bundle.js').SkillBundle;
  export default bundle;
}
declare module 'virtual:bench/skills-1000-eager' {
  const bundle: import('../../../src/sources/bundle.js').SkillBundle;
  export default bundle;
}
