/**
 * Wallet error codes of the local server (chat-and-wallet-api.md §6.2). Their texts are in the error
 * catalogue (`errors/server-errors.ts`); here the codes only decide which state a red packet is in.
 */
export const WALLET_ERROR = {
  insufficientBalance: 21001,
  payPasswordNotSet: 21002,
  payPasswordWrong: 21003,
  payPasswordLocked: 21004,
  redPacketNotFound: 21005,
  redPacketExpired: 21006,
  redPacketAlreadyClaimed: 21007,
  redPacketEmpty: 21008,
  redPacketNotEligible: 21009,
} as const;
