// The bridge's tRPC router, built from the contract in one loop (the idea of VS Code's ProxyChannel): every
// procedure parses its input, delegates to the handler at the same path in ctx.handlers and parses its output.
// No logic lives here, and no procedure is written by hand, so the router cannot drift from the contract.
// Served over IPC (trpc-electron) in the app and over HTTP + SSE in web mode.
import { initTRPC, TRPCError } from '@trpc/server';
import type {
  AnyTRPCProcedure,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
  TRPCSubscriptionProcedure,
} from '@trpc/server';
import type { z } from 'zod';
import { bridgeContract } from './contract';
import type { BridgeContext, BridgeContract, BridgeHandlers, ProcedureSpec } from './contract';
import { toErrorInfo, trpcCodeFor } from './errors';
import type { BridgeErrorData } from './errors';

const t = initTRPC.context<BridgeContext>().create({
  // Never a stack on the wire, whatever NODE_ENV says.
  isDev: false,
  // Web mode's SSE: a comment every 10 s keeps the stream alive, and a client that hears nothing for 25 s
  // reconnects (a sleeping laptop, a restarted server). IPC ignores both.
  sse: {
    ping: { enabled: true, intervalMs: 10_000 },
    client: { reconnectAfterInactivityMs: 25_000 },
  },
  errorFormatter({ shape, error }) {
    const info = toErrorInfo(error);
    const data: BridgeErrorData = {
      code: shape.data.code,
      httpStatus: shape.data.httpStatus,
      path: shape.data.path ?? null,
      error: info,
    };
    return { code: shape.code, message: info.message, data };
  },
});

/** Refuses callers the transport did not vouch for, and turns handler failures into the right tRPC code. */
const procedure = t.procedure.use(async ({ ctx, next }) => {
  const handlers = ctx.handlers;
  if (!handlers) throw new TRPCError({ code: 'FORBIDDEN', message: 'This caller may not use the studio.' });
  const result = await next({ ctx: { handlers } });
  if (!result.ok) {
    const info = toErrorInfo(result.error);
    throw new TRPCError({
      code: trpcCodeFor(info),
      message: info.message,
      cause: result.error.cause ?? result.error,
    });
  }
  return result;
});

// ---- The router's type, derived from the contract (what the renderer's client sees). ----

type Root = typeof t._config.$types;
// tRPC's own marker for "no input" is void (it lets the client call `.query()` with no argument).
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
type InputOf<S> = S extends { input: infer I extends z.ZodType } ? z.input<I> : void;
type DefOf<S extends ProcedureSpec, Output> = {
  input: InputOf<S>;
  output: Output;
  meta: Root['meta'];
  errorShape: Root['errorShape'];
};
type ProcedureOf<S extends ProcedureSpec> = S['kind'] extends 'subscription'
  ? TRPCSubscriptionProcedure<DefOf<S, AsyncIterable<z.output<S['output']>, void, unknown>>>
  : S['kind'] extends 'query'
    ? TRPCQueryProcedure<DefOf<S, z.output<S['output']>>>
    : TRPCMutationProcedure<DefOf<S, z.output<S['output']>>>;
type RecordOf<C> = {
  [N in keyof C]: C[N] extends ProcedureSpec
    ? ProcedureOf<C[N]>
    : { [P in keyof C[N]]: C[N][P] extends ProcedureSpec ? ProcedureOf<C[N][P]> : never };
};

// ---- The loop. ----

type AnyHandler = (...args: unknown[]) => unknown;

function isSpec(entry: object): entry is ProcedureSpec {
  return 'kind' in entry && 'output' in entry;
}

/** The handler at a contract path; BridgeHandlers guarantees at compile time that it exists. */
function handlerAt(handlers: BridgeHandlers, path: readonly string[]): AnyHandler {
  let node: unknown = handlers;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'function') throw new Error(`No handler for ${path.join('.')}`);
  return node as AnyHandler;
}

async function* parsedStream(
  source: AsyncIterable<unknown>,
  schema: z.ZodType,
  signal: AbortSignal,
): AsyncGenerator<unknown> {
  for await (const item of source) {
    if (signal.aborted) return;
    yield schema.parse(item);
  }
}

function build(spec: ProcedureSpec, path: readonly string[]): AnyTRPCProcedure {
  // One builder type for both cases (the input's type is the contract's business, not the loop's).
  const withInput = (spec.input ? procedure.input(spec.input) : procedure) as typeof procedure;
  const args = (input: unknown): unknown[] => (spec.input ? [input] : []);
  if (spec.kind === 'subscription') {
    return withInput.subscription(({ ctx, input, signal }) => {
      const own = signal ?? new AbortController().signal;
      const source = handlerAt(ctx.handlers, path)(...args(input), own) as AsyncIterable<unknown>;
      return parsedStream(source, spec.output, own);
    });
  }
  const resolve = ({ ctx, input }: { ctx: { handlers: BridgeHandlers }; input: unknown }) =>
    handlerAt(ctx.handlers, path)(...args(input)) as Promise<unknown>;
  const typed = withInput.output(spec.output);
  return spec.kind === 'query' ? typed.query(resolve) : typed.mutation(resolve);
}

function buildRecord(): RecordOf<BridgeContract> {
  const record: Record<string, AnyTRPCProcedure | Record<string, AnyTRPCProcedure>> = {};
  for (const [name, entry] of Object.entries(bridgeContract)) {
    if (isSpec(entry)) {
      record[name] = build(entry, [name]);
      continue;
    }
    const namespace: Record<string, AnyTRPCProcedure> = {};
    for (const [procedureName, spec] of Object.entries(entry as Record<string, ProcedureSpec>)) {
      namespace[procedureName] = build(spec, [name, procedureName]);
    }
    record[name] = namespace;
  }
  // The one cast: the loop above builds, at run time, exactly the record RecordOf computes from the same table.
  return record as RecordOf<BridgeContract>;
}

export const appRouter = t.router(buildRecord());

export type AppRouter = typeof appRouter;

/** The router called in-process, without a transport: how tests reach the handlers through the contract. */
export const createBridgeCaller = t.createCallerFactory(appRouter);
