export { AgentSessions } from './agent-sessions';
export type { AgentSessionsOptions } from './agent-sessions';
export { agentSubmissionKey } from './agent-keys';
export type { AgentKeySource } from './agent-keys';
export { capVerdict } from './agent-spend-cap';
export type { CapVerdict } from './agent-spend-cap';
