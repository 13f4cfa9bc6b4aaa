// Reads what a social sign-in provider hands back in the callback URL (fragment or query).

/** Tokens found in the callback URL; `expires` 0 means unknown, so the session verifies them first. */
export interface CallbackTokens {
  access_token: string;
  refresh_token: string;
  expires: number;
}

const pick = (params: URLSearchParams[], ...keys: string[]) => {
  for (const p of params) for (const k of keys) {
    const v = p.get(k)?.trim();
    if (v) return v;
  }
  return undefined;
};

/**
 * Tokens from `#access_token=…&refresh_token=…&expires_in=…` or the same in the query (also `token`,
 * `refreshToken`, `expires`); the fragment wins since it never reaches a server log. An `error`
 * parameter or a missing/implausible access token gives the reason instead.
 */
export function parseCallbackTokens(hash: string, search: string): { tokens: CallbackTokens } | { error: string } {
  const params = [new URLSearchParams(hash.replace(/^#/, "")), new URLSearchParams(search.replace(/^\?/, ""))];
  const providerError = pick(params, "error_description", "error");
  if (providerError) return { error: providerError };
  const access = pick(params, "access_token", "token");
  if (!access) return { error: "No sign-in token was found in the link." };
  if (access.length > 4096 || /\s/.test(access)) return { error: "The sign-in token in the link is not valid." };
  const expires = Number(pick(params, "expires_in", "expires"));
  return {
    tokens: {
      access_token: access,
      refresh_token: pick(params, "refresh_token", "refreshToken") ?? "",
      expires: Number.isFinite(expires) && expires > 0 ? Math.floor(expires) : 0,
    },
  };
}
