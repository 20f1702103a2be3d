import { createContext, useContext, type ComponentType } from 'react';
import type { CurrentUser } from '@myworld/schemas';

/**
 * Places where one feature's page shows another feature's UI. Features never import each other:
 * the page renders the slot by name, and the app fills it (app/slots.ts) with the component of the
 * feature that owns it. An unfilled slot renders nothing.
 */
export interface Slots {
  /** On "/" (landing and home): the toast an emailed link's redirect asked for in the query string. */
  EmailLinkNotices: ComponentType;
  /** Under home's header: what the signed-in user should do about their account (verify the email). */
  AccountNotices: ComponentType<{ user: CurrentUser }>;
  /** The dialog home's settings button opens. */
  AccountSettings: ComponentType<{ user: CurrentUser; onClose: () => void }>;
}

const nothing = () => null;

const SlotsContext = createContext<Slots>({ EmailLinkNotices: nothing, AccountNotices: nothing, AccountSettings: nothing });

export const SlotsProvider = SlotsContext.Provider;

export function useSlots(): Slots {
  return useContext(SlotsContext);
}
