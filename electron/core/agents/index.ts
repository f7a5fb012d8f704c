export { AgentSessions } from './agent-sessions';
export type { ActualCharge, AgentSessionsOptions } from './agent-sessions';
export { agentSubmissionKey } from './agent-keys';
export type { AgentKeySource } from './agent-keys';
export { capVerdict } from './agent-spend-cap';
export type { CapVerdict } from './agent-spend-cap';
export { AgentAnswers } from './agent-answers';
export type { AnswerClaim } from './agent-answers';
export { agentMigrations } from './agent-migrations';
export {
  AGENTS_FILE,
  AGENT_SESSIONS_DIR,
  agentsAllowed,
  readSessionRecords,
  voidAgentToken,
  writeSessionRecord,
} from './agent-session-records';
