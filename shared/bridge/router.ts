// The bridge's tRPC router. Every procedure parses its input, delegates to ctx.handlers and parses the output:
// no logic lives here. Served over IPC (trpc-electron) in the app and over HTTP + SSE in web mode.
import { initTRPC, TRPCError } from '@trpc/server';
import { bridgeContract as c } from './contract';
import type { BridgeContext, BridgeHandlers } from './contract';
import { toErrorInfo, trpcCodeFor } from './errors';
import type { BridgeErrorData } from './errors';
import { studioEventSchema } from './record-schemas';
import type { BridgeEvent } from './record-schemas';

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

async function* forwardEvents(
  handlers: BridgeHandlers,
  signal: AbortSignal | undefined,
): AsyncGenerator<BridgeEvent> {
  const own = signal ?? new AbortController().signal;
  for await (const event of handlers.events(own)) {
    if (own.aborted) return;
    yield studioEventSchema.parse(event);
  }
}

export const appRouter = t.router({
  session: t.router({
    status: procedure.output(c.session.status.output).query(({ ctx }) => ctx.handlers.session.status()),
    useDemo: procedure.output(c.session.useDemo.output).mutation(({ ctx }) => ctx.handlers.session.useDemo()),
  }),
  secrets: t.router({
    setKey: procedure
      .input(c.secrets.setKey.input)
      .output(c.secrets.setKey.output)
      .mutation(({ ctx, input }) => ctx.handlers.secrets.setKey(input)),
    clearKey: procedure
      .output(c.secrets.clearKey.output)
      .mutation(({ ctx }) => ctx.handlers.secrets.clearKey()),
  }),
  settings: t.router({
    get: procedure.output(c.settings.get.output).query(({ ctx }) => ctx.handlers.settings.get()),
    update: procedure
      .input(c.settings.update.input)
      .output(c.settings.update.output)
      .mutation(({ ctx, input }) => ctx.handlers.settings.update(input)),
  }),
  account: t.router({
    balance: procedure.output(c.account.balance.output).query(({ ctx }) => ctx.handlers.account.balance()),
    userBalance: procedure
      .output(c.account.userBalance.output)
      .query(({ ctx }) => ctx.handlers.account.userBalance()),
  }),
  usage: t.router({
    query: procedure
      .input(c.usage.query.input)
      .output(c.usage.query.output)
      .query(({ ctx, input }) => ctx.handlers.usage.query(input)),
  }),
  tasks: t.router({
    submit: procedure
      .input(c.tasks.submit.input)
      .output(c.tasks.submit.output)
      .mutation(({ ctx, input }) => ctx.handlers.tasks.submit(input)),
    list: procedure
      .input(c.tasks.list.input)
      .output(c.tasks.list.output)
      .query(({ ctx, input }) => ctx.handlers.tasks.list(input)),
    get: procedure
      .input(c.tasks.get.input)
      .output(c.tasks.get.output)
      .query(({ ctx, input }) => ctx.handlers.tasks.get(input)),
    stop: procedure
      .input(c.tasks.stop.input)
      .output(c.tasks.stop.output)
      .mutation(({ ctx, input }) => ctx.handlers.tasks.stop(input)),
    rerun: procedure
      .input(c.tasks.rerun.input)
      .output(c.tasks.rerun.output)
      .mutation(({ ctx, input }) => ctx.handlers.tasks.rerun(input)),
  }),
  library: t.router({
    query: procedure
      .input(c.library.query.input)
      .output(c.library.query.output)
      .query(({ ctx, input }) => ctx.handlers.library.query(input)),
    setFavourite: procedure
      .input(c.library.setFavourite.input)
      .output(c.library.setFavourite.output)
      .mutation(({ ctx, input }) => ctx.handlers.library.setFavourite(input)),
    setTags: procedure
      .input(c.library.setTags.input)
      .output(c.library.setTags.output)
      .mutation(({ ctx, input }) => ctx.handlers.library.setTags(input)),
    delete: procedure
      .input(c.library.delete.input)
      .output(c.library.delete.output)
      .mutation(({ ctx, input }) => ctx.handlers.library.delete(input)),
  }),
  speech: t.router({
    synthesize: procedure
      .input(c.speech.synthesize.input)
      .output(c.speech.synthesize.output)
      .mutation(({ ctx, input }) => ctx.handlers.speech.synthesize(input)),
  }),
  desktop: t.router({
    chooseLibraryFolder: procedure
      .output(c.desktop.chooseLibraryFolder.output)
      .mutation(({ ctx }) => ctx.handlers.desktop.chooseLibraryFolder()),
    showInFolder: procedure
      .input(c.desktop.showInFolder.input)
      .output(c.desktop.showInFolder.output)
      .mutation(({ ctx, input }) => ctx.handlers.desktop.showInFolder(input)),
    startDrag: procedure
      .input(c.desktop.startDrag.input)
      .output(c.desktop.startDrag.output)
      .mutation(({ ctx, input }) => ctx.handlers.desktop.startDrag(input)),
  }),
  /** Task progress, downloads and library changes, as they happen. */
  events: procedure.subscription(({ ctx, signal }) => forwardEvents(ctx.handlers, signal)),
});

export type AppRouter = typeof appRouter;

/** For tests and the CLI: call the router in-process without a transport. */
export const createBridgeCaller = t.createCallerFactory(appRouter);
