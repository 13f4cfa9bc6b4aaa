"use client";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { ApiClient } from "../client";
import type { SessionSnapshot } from "../session";

/** Session and user as React reads them, plus the account actions. */
export interface SessionState extends SessionSnapshot {
  start: ApiClient["start"];
  sendCode: ApiClient["sendCode"];
  loginWithCode: ApiClient["loginWithCode"];
  updateUserInfo: ApiClient["updateUserInfo"];
  logout: ApiClient["logout"];
}

/** The store type the provider holds. */
export type SessionStore = StoreApi<SessionState>;

/** What the server render and the first client render show: nothing is known before storage is read. */
export const initialSnapshot: SessionSnapshot = {
  status: "none",
  user: null,
  userType: "guest",
  displayName: "Guest",
  isLoggedIn: false,
  ready: false,
  offline: false,
};

/**
 * A zustand store mirroring the client's session. It starts from `initialSnapshot` so the first
 * client render matches the server's; `connect` then copies the real snapshot and follows changes.
 */
export function createSessionStore(client: ApiClient): SessionStore & { connect(): () => void } {
  const store = createStore<SessionState>()(() => ({
    ...initialSnapshot,
    start: () => client.start(),
    sendCode: (input) => client.sendCode(input),
    loginWithCode: (input) => client.loginWithCode(input),
    updateUserInfo: (input) => client.updateUserInfo(input),
    logout: () => client.logout(),
  }));
  return Object.assign(store, {
    connect() {
      store.setState(client.session.getSnapshot());
      return client.session.subscribe((snapshot) => store.setState(snapshot));
    },
  });
}
