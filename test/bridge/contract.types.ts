// Compile-time tests of the bridge contract (the idea of Cherry Studio v2's HandlersFor.types.ts). Nothing here
// runs: `npm run typecheck` compiles it (tsconfig.json includes test/), vitest ignores it (no `.test.` in the
// name). Every `@ts-expect-error` is an assertion: if the error it expects stops happening, the directive is
// unused and the typecheck fails. So a handler map that misses a procedure, has one too many or takes the wrong
// input, and a router that serves a procedure as the wrong kind or with the wrong types, cannot compile.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { z } from 'zod';
import type { BridgeContract, BridgeHandlers } from '../../shared/bridge/contract';
import type { AppRouter } from '../../shared/bridge/router';
import type { Assert, Equals } from '../../shared/bridge/type-equals';
import type { TaskRecord } from '../../shared/studio/records';
import { fixtureHandlers } from './fixture-handlers';

const full = fixtureHandlers();

// P1: a complete handler map compiles (anchors the negatives below: each warps one dimension).
const _p1: BridgeHandlers = { ...full };

// N1: a whole namespace missing.
const { desktop: _omitted, ...withoutDesktop } = full;
// @ts-expect-error - 'desktop' is missing
const _n1: BridgeHandlers = withoutDesktop;

// N2: one procedure missing in a present namespace.
const _n2: BridgeHandlers = {
  ...full,
  // @ts-expect-error - 'rerun' is missing from tasks
  tasks: { submit: full.tasks.submit, list: full.tasks.list, stop: full.tasks.stop },
};

// N3: a procedure the contract does not have (a typo).
const _n3: BridgeHandlers = {
  ...full,
  // @ts-expect-error - 'stpo' is not a tasks procedure
  tasks: { ...full.tasks, stpo: full.tasks.stop },
};

// N4: a handler reading a field its input does not have.
const _n4: BridgeHandlers = {
  ...full,
  tasks: {
    ...full.tasks,
    stop: async (input) => {
      // @ts-expect-error - tasks.stop takes { id }, not { taskId }
      void input.taskId;
      return full.tasks.stop(input);
    },
  },
};

// N5: the events stream must be a stream, not a promise.
// @ts-expect-error - a subscription handler returns an AsyncIterable
const _n5: BridgeHandlers = { ...full, events: async () => [] };

// The router serves every contract procedure, as the contract's kind, with the contract's types.
type Kinds<R> = {
  [N in keyof R]: R[N] extends { _def: { type: infer K } }
    ? K
    : { [P in keyof R[N]]: R[N][P] extends { _def: { type: infer K } } ? K : never };
};
type ContractKinds<C> = {
  [N in keyof C]: C[N] extends { kind: infer K }
    ? K
    : { [P in keyof C[N]]: C[N][P] extends { kind: infer K } ? K : never };
};
type Served = Omit<AppRouter, '_def' | 'createCaller'>;
type _kinds = Assert<Equals<Kinds<Served>, ContractKinds<BridgeContract>>>;

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
type _stopInput = Assert<Equals<Inputs['tasks']['stop'], { id: string }>>;
type _stopOutput = Assert<
  Equals<Outputs['tasks']['stop'], z.output<BridgeContract['tasks']['stop']['output']>>
>;
type _task = Assert<Equals<Outputs['tasks']['stop']['state'], TaskRecord['state']>>;
// @ts-expect-error - a procedure the contract does not have is not on the router either
type _missing = Inputs['tasks']['remove'];

void [_p1, _n1, _n2, _n3, _n4, _n5];
export type { _kinds, _stopInput, _stopOutput, _task, _missing };
