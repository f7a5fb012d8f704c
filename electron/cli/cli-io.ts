// What the CLI touches of its process, passed in so tests run it in-process and read exactly what it wrote.
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Progress redraws one line on a terminal and prints whole lines elsewhere (CI logs, pipes). */
  stderrIsTTY: boolean;
  /** What `mcp` reads its JSON-RPC from; the process's stdin (tests that run in-process pass their own). */
  stdin?: NodeJS.ReadableStream;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdin: process.stdin,
  };
}
