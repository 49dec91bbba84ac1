// Scripts written without spaces (Chinese, Japanese, Thai): their turns and skill texts are split into words by
// Intl.Segmenter, so a turn matches a description written in the same language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../src/routing/create-router.js';
import { createTextPipeline } from '../../src/routing/text-pipeline.js';
import { skill } from '../support/routing-skills.js';

const pipeline = createTextPipeline();

/** A router over one skill per language, plus an English one, so a hit has something to beat. */
function multilingualRouter() {
  const router = createRouter();
  router.sync([
    skill('zh-summary', { description: '把长文档总结成要点' }),
    skill('ja-invoice', { description: '請求書を作成する' }),
    skill('th-summary', { description: 'สรุปเอกสารยาว' }),
    skill('pdf-tools', { description: 'Merge, split and extract text from PDF files.' }),
  ]);
  return router;
}

describe('word segmentation of scripts without spaces', () => {
  it('runs on a Node with full ICU', () => {
    // With small ICU the locale would fall back to `en` and the text would stay one segment.
    const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
    expect(segmenter.resolvedOptions().locale).toBe('zh');
    expect([...segmenter.segment('总结文档')].length).toBeGreaterThan(1);
  });

  it('splits Chinese, Japanese and Thai into words', () => {
    expect(pipeline.words('帮我总结这份文档')).toEqual(expect.arrayContaining(['帮', '我', '总结']));
    expect(pipeline.words('請求書を作成する')).toEqual(expect.arrayContaining(['請求', '作成']));
    expect(pipeline.words('ช่วยสรุปเอกสารนี้')).toEqual(expect.arrayContaining(['ช่วย', 'สรุป', 'เอกสาร']));
    // Before, each of these was one token: the whole phrase.
    for (const text of ['帮我总结这份文档', '請求書を作成する', 'ช่วยสรุปเอกสารนี้']) expect(pipeline.words(text).length).toBeGreaterThan(2);
  });

  it('routes a Chinese turn to the Chinese description, and shows the Chinese words', () => {
    const [first, ...rest] = multilingualRouter().route('帮我总结这份文档');
    expect(first?.name).toBe('zh-summary');
    expect(first?.terms).toContain('总结');
    expect(first?.words).toContain('总结');
    for (const w of first?.words ?? []) expect('帮我总结这份文档').toContain(w);
    expect(rest.map((h) => h.name)).not.toContain('pdf-tools');
  });

  it('routes a Japanese turn to the Japanese description', () => {
    const [first] = multilingualRouter().route('請求書を作って');
    expect(first?.name).toBe('ja-invoice');
    expect(first?.words).toContain('請求');
  });

  it('routes a Thai turn to the Thai description', () => {
    const [first] = multilingualRouter().route('ช่วยสรุปเอกสารนี้');
    expect(first?.name).toBe('th-summary');
    expect(first?.words).toEqual(expect.arrayContaining(['สรุป', 'เอกสาร']));
  });

  it('folds a Latin word inside a Chinese turn like any other', () => {
    expect(pipeline.queryTerms('把这个PDF总结一下')).toEqual(expect.arrayContaining(['pdf', '总结']));
    expect(pipeline.words('我想把这个PDFs文件总结一下')).toContain('pdf');
    // Full-width letters are normalised first.
    expect(pipeline.words('中文ＰＤＦ文件')).toContain('pdf');
    const hits = multilingualRouter().route('把这个PDF总结一下');
    expect(hits.map((h) => h.name)).toEqual(expect.arrayContaining(['zh-summary', 'pdf-tools']));
    expect(hits.find((h) => h.name === 'pdf-tools')?.words).toEqual(['PDF']);
  });

  it('gives writtenWords the same words, each with its spelling', () => {
    for (const text of ['把这个PDFs总结一下', '請求書を作って', 'ช่วยสรุปเอกสารนี้', '中文ＰＤＦ文件']) {
      const written = pipeline.writtenWords!(text);
      expect(written.map((w) => w.word)).toEqual(pipeline.words(text));
      for (const w of written) expect(text.normalize('NFKC')).toContain(w.written);
    }
    expect(pipeline.writtenWords!('把这个PDFs总结一下')).toEqual(
      expect.arrayContaining([
        { word: 'pdf', written: 'PDFs' },
        { word: '总结', written: '总结' },
      ]),
    );
  });

  it('keeps the round trip of a serialised index', () => {
    const router = multilingualRouter();
    const back = createRouter({ index: JSON.parse(JSON.stringify(router.toJSON())) });
    for (const q of ['帮我总结这份文档', '請求書を作って', 'ช่วยสรุปเอกสารนี้']) expect(back.route(q)).toEqual(router.route(q));
  });
});

describe('word segmentation: the Latin fast path', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('tokenises an English sentence exactly as before, without the segmenter', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    expect(pipeline.words("Please merge these two PDFs into one file, it's urgent: XMLHttpRequest café")).toEqual([
      'please',
      'merge',
      'these',
      'two',
      'pdf',
      'into',
      'one',
      'file',
      'it',
      'urgent',
      'xml',
      'http',
      'request',
      'cafe',
    ]);
    expect(pipeline.words('नमस्ते Ωmega straße')).toEqual(['नमस्ते', 'ωmega', 'straße']);
    expect(segment).not.toHaveBeenCalled();
    pipeline.words('总结');
    expect(segment).toHaveBeenCalledTimes(1);
  });
});

describe('word segmentation: laziness and the fallback', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('makes no segmenter at import, one on first use', async () => {
    let looks = 0;
    const real = Intl;
    vi.stubGlobal(
      'Intl',
      new Proxy(real, {
        get: (target, key) => {
          if (key === 'Segmenter') looks++;
          return Reflect.get(target, key) as unknown;
        },
      }),
    );
    vi.resetModules();
    const fresh = await import('../../src/routing/text-pipeline.js');
    const p = fresh.createTextPipeline();
    p.words('merge these pdf files');
    expect(looks).toBe(0);
    p.words('帮我总结这份文档');
    const afterFirst = looks;
    expect(afterFirst).toBeGreaterThan(0);
    p.words('請求書を作って');
    expect(looks).toBe(afterFirst);
  });

  it('without Intl.Segmenter, splits Han into characters and leaves other unspaced runs whole', async () => {
    vi.stubGlobal('Intl', Object.create(Intl, { Segmenter: { value: undefined } }) as typeof Intl);
    vi.resetModules();
    const fresh = await import('../../src/routing/text-pipeline.js');
    const p = fresh.createTextPipeline();
    expect(p.words('把这个PDFs总结一下')).toEqual(['把', '这', '个', 'pdf', '总', '结', '一', '下']);
    expect(p.words('請求書を作成する')).toEqual(['請', '求', '書', 'を', '作', '成', 'する']);
    expect(p.words('ช่วยสรุปเอกสารนี้')).toEqual(['ช่วยสรุปเอกสารนี้']);
    expect(p.writtenWords!('PDFs总结')).toEqual([
      { word: 'pdf', written: 'PDFs' },
      { word: '总', written: '总' },
      { word: '结', written: '结' },
    ]);
  });
});
