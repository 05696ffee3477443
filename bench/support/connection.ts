import net from "node:net";

/**
 * One keep-alive HTTP/1.1 connection with one request at a time, read just enough to know the
 * status and where the answer ends: far less CPU than node:http's client, which shares the
 * machine's cores with the server under test.
 */
export class Connection {
  private socket: net.Socket | null = null;
  private received = "";
  private waiting: ((status: number) => void) | null = null;

  constructor(private readonly port: number) {}

  /** Sends one whole request (head and body) and answers the status, -1 when the connection failed. */
  request(text: string): Promise<number> {
    const socket = this.socket ?? this.connect();
    return new Promise((resolve) => {
      this.waiting = resolve;
      socket.write(text);
    });
  }

  close() {
    this.socket?.destroy();
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: "127.0.0.1", port: this.port, noDelay: true });
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => this.onData(chunk));
    const fail = () => {
      this.socket = null;
      this.received = "";
      this.settle(-1);
    };
    socket.on("error", fail);
    socket.on("close", fail);
    this.socket = socket;
    return socket;
  }

  private onData(chunk: string) {
    this.received += chunk;
    const headEnd = this.received.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = this.received.slice(0, headEnd).toLowerCase();
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    let end: number;
    if (length) {
      end = headEnd + 4 + Number(length[1]);
      if (this.received.length < end) return;
    } else {
      // Chunked: the answer ends with the last, empty chunk.
      const last = this.received.indexOf("\r\n0\r\n\r\n", headEnd);
      if (last < 0) return;
      end = last + 7;
    }
    this.received = this.received.slice(end);
    this.settle(Number(head.slice(9, 12)));
  }

  private settle(status: number) {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(status);
  }
}
