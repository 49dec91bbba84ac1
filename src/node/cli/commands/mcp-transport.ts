/**
 * The stdio transport of `satchel mcp`, with back-pressure. The SDK's own
 * reads stdin as fast as it comes and queues every answer in memory: a
 * client that sends thousands of requests and never reads stdout grows the
 * server without bound (78 MB to 2.25 GB in a hostile review). Here at most
 * `maxInFlight` requests wait for answers (more are refused at once with a
 * JSON-RPC error), stdin is paused while stdout holds more than
 * `maxPendingOutputBytes`, and a request line longer than `maxLineBytes`
 * stops the server with a reason instead of a silent exit.
 * @module
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The bounds of {@link BoundedStdioTransport}. */
export interface BoundedStdioOptions {
  /** Requests waiting for an answer at most (default 32); one more is answered `-32000` busy, unread. */
  readonly maxInFlight?: number;
  /** Longest request line in bytes (default 10 MiB, the SDK's buffer); a longer one ends the server. */
  readonly maxLineBytes?: number;
  /** Bytes stdout may hold unread before stdin is paused (default 8 MiB); reading resumes at half. */
  readonly maxPendingOutputBytes?: number;
  /** Called once when the transport stops on a fatal input problem, with a sentence for a person. */
  readonly onFatal?: (reason: string) => void;
}

/** The defaults of {@link BoundedStdioOptions}. */
export const MCP_STDIO_BOUNDS = { maxInFlight: 32, maxLineBytes: 10 * 1024 * 1024, maxPendingOutputBytes: 8 * 1024 * 1024 } as const;

/** JSON-RPC's error codes used here. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const BUSY = -32000;

type Id = string | number;

/** What the transport reads: process.stdin, or any readable byte stream. */
type Input = Pick<Readable, 'on' | 'off' | 'pause' | 'resume'>;

/** What it writes: process.stdout, or any writable stream. */
type Output = Pick<Writable, 'write' | 'on' | 'off' | 'writableLength'>;

/** An MCP transport over a byte stream in and a text stream out, newline-delimited JSON-RPC, bounded. */
export class BoundedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  readonly #input: Input;
  readonly #output: Output;
  readonly #bounds: Required<Omit<BoundedStdioOptions, 'onFatal'>>;
  readonly #onFatal: ((reason: string) => void) | undefined;
  readonly #inFlight = new Set<Id>();
  #partial: Buffer[] = [];
  #partialBytes = 0;
  #paused = false;
  #closed = false;

  constructor(input: Input, output: Output, options: BoundedStdioOptions = {}) {
    this.#input = input;
    this.#output = output;
    this.#bounds = {
      maxInFlight: options.maxInFlight ?? MCP_STDIO_BOUNDS.maxInFlight,
      maxLineBytes: options.maxLineBytes ?? MCP_STDIO_BOUNDS.maxLineBytes,
      maxPendingOutputBytes: options.maxPendingOutputBytes ?? MCP_STDIO_BOUNDS.maxPendingOutputBytes,
    };
    this.#onFatal = options.onFatal;
  }

  /** Requests received and not yet answered. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  async start(): Promise<void> {
    this.#input.on('data', this.#onData);
    this.#input.on('error', this.#onInputError);
    this.#output.on('drain', this.#onDrain);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return;
    const answer = message as { id?: Id; result?: unknown; error?: unknown };
    if (answer.id !== undefined && ('result' in answer || 'error' in answer)) this.#inFlight.delete(answer.id);
    this.#write(message);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#input.off('data', this.#onData);
    this.#input.off('error', this.#onInputError);
    this.#output.off('drain', this.#onDrain);
    // A paused stdin no longer holds the process open, so the command can exit with its code.
    this.#input.pause();
    this.#partial = [];
    this.#inFlight.clear();
    this.onclose?.();
  }

  readonly #onData = (chunk: Buffer): void => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1 && !this.#closed; newline = chunk.indexOf(10, start)) {
      this.#partial.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.#partial).toString('utf8');
      this.#partial = [];
      this.#partialBytes = 0;
      start = newline + 1;
      this.#receive(line.replace(/\r$/, ''));
    }
    if (this.#closed || start === chunk.length) return;
    this.#partial.push(chunk.subarray(start));
    this.#partialBytes += chunk.length - start;
    if (this.#partialBytes > this.#bounds.maxLineBytes)
      this.#fatal(`a request line passed ${this.#bounds.maxLineBytes} bytes without ending; the server stops`);
  };

  readonly #onInputError = (error: Error): void => {
    this.onerror?.(error);
  };

  readonly #onDrain = (): void => {
    if (this.#paused && this.#output.writableLength <= this.#bounds.maxPendingOutputBytes / 2) {
      this.#paused = false;
      this.#input.resume();
    }
  };

  #receive(line: string): void {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.#write(errorAnswer(null, PARSE_ERROR, 'Parse error: a line that is not JSON.'));
      return;
    }
    if (typeof message !== 'object' || message === null || (message as { jsonrpc?: unknown }).jsonrpc !== '2.0') {
      this.#write(errorAnswer(idOf(message) ?? null, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message.'));
      return;
    }
    const id = idOf(message);
    const method = (message as { method?: unknown }).method;
    // A cancelled request gets no answer from the SDK: its place is free again.
    if (id === undefined && method === 'notifications/cancelled') this.#release((message as { params?: { requestId?: unknown } }).params?.requestId);
    if (id !== undefined && typeof method === 'string') {
      if (this.#inFlight.has(id)) {
        this.#write(errorAnswer(id, INVALID_REQUEST, `Invalid Request: request id ${JSON.stringify(id)} is already waiting for its answer.`));
        return;
      }
      if (this.#inFlight.size >= this.#bounds.maxInFlight) {
        const why = `Server busy: ${this.#bounds.maxInFlight} requests are waiting for answers; send this one again once they are read.`;
        this.#write(errorAnswer(id, BUSY, why));
        return;
      }
      this.#inFlight.add(id);
    }
    this.onmessage?.(message as JSONRPCMessage);
  }

  #release(requestId: unknown): void {
    if (typeof requestId === 'string' || typeof requestId === 'number') this.#inFlight.delete(requestId);
  }

  #write(message: unknown): void {
    this.#output.write(`${JSON.stringify(message)}\n`);
    // A client that does not read: stop reading it until it catches up.
    if (!this.#paused && this.#output.writableLength > this.#bounds.maxPendingOutputBytes) {
      this.#paused = true;
      this.#input.pause();
    }
  }

  #fatal(reason: string): void {
    this.#onFatal?.(reason);
    this.onerror?.(new Error(reason));
    void this.close();
  }
}

function idOf(message: unknown): Id | undefined {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function errorAnswer(id: Id | null, code: number, message: string): unknown {
  return { jsonrpc: '2.0', id, error: { code, message } };
}
