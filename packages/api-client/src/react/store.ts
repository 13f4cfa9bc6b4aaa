"use client";
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

/**
 * What `useSession` selects from: the session machine's state (its zustand store, the only copy)
 * with the client's account actions beside it. One object per snapshot, so a reader of the whole
 * state gets the same object until the session changes, as useSyncExternalStore requires.
 */
export function sessionView(client: ApiClient): (snapshot: SessionSnapshot) => SessionState {
  const actions = {
    start: () => client.start(),
    sendCode: (input) => client.sendCode(input),
    loginWithCode: (input) => client.loginWithCode(input),
    updateUserInfo: (input) => client.updateUserInfo(input),
    logout: () => client.logout(),
  } satisfies Omit<SessionState, keyof SessionSnapshot>;
  const views = new WeakMap<SessionSnapshot, SessionState>();
  return (snapshot) => {
    let view = views.get(snapshot);
    if (!view) views.set(snapshot, (view = { ...snapshot, ...actions }));
    return view;
  };
}
