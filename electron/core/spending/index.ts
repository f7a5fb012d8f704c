export { SpendingGuard, confirmationSentence, refusalSentence, resetText } from './spending-guard';
export type { AdmitOptions, SpendingGuardOptions } from './spending-guard';
export type { SpendingPrices } from './spending-ledger';
export { bindSpeechCharge, dropSpeechCharge, openSpeechCharge, settleSpeechCharge } from './spending-ledger';
export { spendingMigrations } from './spending-migrations';
export { windowAt } from './spending-windows';
export { coreMoney } from './core-money';
export type { CoreMoney, QueuedEstimate } from './core-money';
