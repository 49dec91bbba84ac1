import { describe, expect, it } from 'vitest';
import { fetchModelFiles } from '../../src/embeddings/model-files.js';
import { rejected } from '../support/errors.js';

describe('fetchModelFiles', () => {
  it('reads each file relative to the base URL', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      return new Response(new Uint8Array([1, 2, 3]));
    }) as typeof fetch;
    const files = fetchModelFiles('https://cdn.example/models/use-lite-uint8/', fetcher);
    expect(new Uint8Array(await files.read('group1-shard1of2'))).toEqual(new Uint8Array([1, 2, 3]));
    await files.read('model.json');
    expect(asked).toEqual(['https://cdn.example/models/use-lite-uint8/group1-shard1of2', 'https://cdn.example/models/use-lite-uint8/model.json']);
  });

  it('rejects with SOURCE_FAILED on an HTTP error', async () => {
    const files = fetchModelFiles('https://cdn.example/m/', (async () => new Response('no', { status: 404 })) as typeof fetch);
    const error = await rejected(files.read('model.json'));
    expect([error.code, error.message]).toEqual(['SOURCE_FAILED', expect.stringMatching(/404/)]);
  });
});
