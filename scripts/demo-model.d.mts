import type { Plugin } from 'vite';

/** Where the demo serves the uint8 model, under its root. */
export declare const MODEL_PREFIX: string;
/** Where the demo serves TF.js's WASM binaries, under its root. */
export declare const WASM_PREFIX: string;
/** The uint8 model's folder on disk, made on first use. */
export declare function modelDir(): string;
/** Serves (dev) and emits (build) the demo's routing-by-meaning files. */
export declare function demoModel(): Plugin;
