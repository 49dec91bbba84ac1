// The two skill bundles bench/browser/worker/run.mjs builds with the Vite plugin (1,000 and 2,000 generated skills).
declare module 'virtual:bench/skills-1000' {
  const bundle: import('../../../src/sources/bundle.js').SkillBundle;
  export default bundle;
}
declare module 'virtual:bench/skills-2000' {
  const bundle: import('../../../src/sources/bundle.js').SkillBundle;
  export default bundle;
}
