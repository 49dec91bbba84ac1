// A small stand-in for Node's `Buffer` in the browser tests of the evolution history. isomorphic-git calls the global
// `Buffer` (an app in a browser sets it from the `buffer` package, which this repository does not install); this
// class has the part of its interface isomorphic-git uses to init, write objects, read trees and walk a log.

type Encoding = 'utf8' | 'utf-8' | 'hex' | 'base64' | 'latin1' | 'binary' | 'ascii';

const utf8 = new TextEncoder();

function encode(text: string, encoding: Encoding = 'utf8'): Uint8Array {
  switch (encoding) {
    case 'hex':
      return Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));
    case 'base64':
      return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    case 'latin1':
    case 'binary':
    case 'ascii':
      return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
    default:
      return utf8.encode(text);
  }
}

function decode(bytes: Uint8Array, encoding: Encoding = 'utf8'): string {
  switch (encoding) {
    case 'hex':
      return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    case 'base64':
      return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
    case 'latin1':
    case 'binary':
    case 'ascii':
      return Array.from(bytes, (b) => String.fromCharCode(b)).join('');
    default:
      return new TextDecoder().decode(bytes);
  }
}

/** Bytes with Node's `Buffer` methods that isomorphic-git calls. */
export class TestBuffer extends Uint8Array {
  static override from(value: unknown, encodingOrOffset?: unknown, length?: number): TestBuffer {
    if (typeof value === 'string') return TestBuffer.of(...encode(value, encodingOrOffset as Encoding | undefined));
    if (value instanceof ArrayBuffer)
      return new TestBuffer(value, (encodingOrOffset as number | undefined) ?? 0, length ?? value.byteLength - ((encodingOrOffset as number | undefined) ?? 0));
    const copy = new TestBuffer((value as ArrayLike<number>).length);
    copy.set(value as ArrayLike<number>);
    return copy;
  }
  static override of(...items: number[]): TestBuffer {
    const b = new TestBuffer(items.length);
    b.set(items);
    return b;
  }
  static alloc(size: number, fill = 0): TestBuffer {
    return new TestBuffer(size).fill(fill) as TestBuffer;
  }
  static concat(list: readonly Uint8Array[], total?: number): TestBuffer {
    const out = new TestBuffer(total ?? list.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of list) {
      out.set(b.subarray(0, Math.max(0, out.length - at)), at);
      at += b.length;
    }
    return out;
  }
  static isBuffer(value: unknown): value is TestBuffer {
    return value instanceof TestBuffer;
  }
  static byteLength(text: string, encoding?: Encoding): number {
    return encode(text, encoding).length;
  }
  override toString(encoding?: Encoding, start = 0, end = this.length): string {
    return decode(this.subarray(start, end), encoding);
  }
  write(text: string, offsetOrEncoding?: number | Encoding, lengthOrEncoding?: number | Encoding, encoding?: Encoding): number {
    const offset = typeof offsetOrEncoding === 'number' ? offsetOrEncoding : 0;
    const enc = [offsetOrEncoding, lengthOrEncoding, encoding].find((x): x is Encoding => typeof x === 'string');
    const max = typeof lengthOrEncoding === 'number' ? lengthOrEncoding : this.length - offset;
    const bytes = encode(text, enc).subarray(0, Math.min(max, this.length - offset));
    this.set(bytes, offset);
    return bytes.length;
  }
  readUInt8(offset = 0): number {
    return this[offset] as number;
  }
  readUInt16BE(offset = 0): number {
    return new DataView(this.buffer, this.byteOffset).getUint16(offset);
  }
  readUInt32BE(offset = 0): number {
    return new DataView(this.buffer, this.byteOffset).getUint32(offset);
  }
  writeUInt8(value: number, offset = 0): number {
    this[offset] = value;
    return offset + 1;
  }
  writeUInt16BE(value: number, offset = 0): number {
    new DataView(this.buffer, this.byteOffset).setUint16(offset, value);
    return offset + 2;
  }
  writeUInt32BE(value: number, offset = 0): number {
    new DataView(this.buffer, this.byteOffset).setUint32(offset, value >>> 0);
    return offset + 4;
  }
  copy(target: Uint8Array, targetStart = 0, sourceStart = 0, sourceEnd = this.length): number {
    const part = this.subarray(sourceStart, sourceEnd);
    target.set(part, targetStart);
    return part.length;
  }
  equals(other: Uint8Array): boolean {
    return this.length === other.length && this.every((b, i) => b === other[i]);
  }
}

/** Sets the global `Buffer` unless the page has one. */
export function installTestBuffer(): void {
  const g = globalThis as { Buffer?: unknown };
  g.Buffer ??= TestBuffer;
}
