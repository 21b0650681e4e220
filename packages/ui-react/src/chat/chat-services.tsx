import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@teamim/domain';
import { useSignedIn, type SignedInServices } from '../services';
import { DraftBook } from './drafts';

export interface ChatServices {
  readonly services: SignedInServices;
  readonly drafts: DraftBook;
}

const ChatServicesContext = createContext<ChatServices | undefined>(undefined);

// One draft book per signed-in services object (the composition root builds those once).
const draftBooks = new WeakMap<SignedInServices, DraftBook>();

function draftBookFor(services: SignedInServices): DraftBook {
  let book = draftBooks.get(services);
  if (book === undefined) {
    book = new DraftBook();
    draftBooks.set(services, book);
  }
  return book;
}

/**
 * Gives the chat area the signed-in services (provided by the shell) and the draft book of the signed-in
 * user; drafts are forgotten on sign-out.
 */
export function ChatServicesProvider({ children }: { readonly children: ReactNode }) {
  const services = useSignedIn();

  useEffect(() => {
    // Drafts belong to the user who typed them.
    const subscription = services.session.signedOut$.subscribe(() => draftBookFor(services).clear());
    return () => subscription.unsubscribe();
  }, [services]);

  const value = useMemo(() => ({ services, drafts: draftBookFor(services) }), [services]);
  return <ChatServicesContext.Provider value={value}>{children}</ChatServicesContext.Provider>;
}

export function useChatServices(): ChatServices {
  const value = useContext(ChatServicesContext);
  if (value === undefined) throw new Error('useChatServices is used outside ChatServicesProvider');
  return value;
}

/** The UI locale as a domain locale (the domain formats times and summaries). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** The current time, refreshed every `everyMs` so recent-time texts ("just now") age. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

export function utcOffsetMinutes(nowMs: number): number {
  return -new Date(nowMs).getTimezoneOffset();
}
