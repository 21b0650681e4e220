/** Login identifiers: phone numbers, e-mails and account names in the one form they are stored under. */
import { argsError } from './errors';

/** A normalised login identifier: "+86 13800000001" for phones, the lower-cased e-mail, or an account name. */
export interface Identifier {
  kind: 'phone' | 'email' | 'account';
  value: string;
  areaCode?: string;
  phoneNumber?: string;
}

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,63}$/;

export function normaliseAreaCode(raw: string): string {
  const digits = raw.trim().replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(digits)) throw argsError('areaCode must be 1-4 digits with an optional leading +');
  return `+${digits}`;
}

export function normalisePhone(raw: string): string {
  const digits = raw.trim();
  if (!/^\d{4,20}$/.test(digits)) throw argsError('phoneNumber must be 4-20 digits');
  return digits;
}

export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_RE.test(email)) throw argsError('email is not a valid e-mail address');
  return email;
}

export const phoneIdentifier = (areaCode: string, phone: string): Identifier => {
  const a = normaliseAreaCode(areaCode);
  const p = normalisePhone(phone);
  return { kind: 'phone', value: `${a} ${p}`, areaCode: a, phoneNumber: p };
};

/** Picks the identifier of a request: account, then phone (with area code), then e-mail. */
export function identifierOf(input: {
  account?: string | undefined;
  areaCode?: string | undefined;
  phoneNumber?: string | undefined;
  email?: string | undefined;
}): Identifier {
  if (input.account) {
    if (!/^[A-Za-z0-9_]{1,32}$/.test(input.account))
      throw argsError('account must be 1-32 letters, digits or _');
    return { kind: 'account', value: input.account };
  }
  if (input.phoneNumber) {
    if (!input.areaCode) throw argsError('areaCode and phoneNumber must be given together');
    return phoneIdentifier(input.areaCode, input.phoneNumber);
  }
  if (input.email) return { kind: 'email', value: normaliseEmail(input.email) };
  throw argsError('a phone number (with area code) or an e-mail is required');
}
